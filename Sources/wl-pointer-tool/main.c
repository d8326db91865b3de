// wl-pointer-tool: drives a wlroots virtual pointer (zwlr_virtual_pointer_manager_v1), so that tests can
// click, drag and scroll in a headless sway, whose seat has no pointer until a client makes one.
//
//   wl-pointer-tool [options] ACTION [ACTION ...]
//   actions (run in order, on one virtual pointer):
//     move X Y                      put the cursor at (X, Y) in the output layout's coordinates
//     click [left|right|middle]     press and release a button (default left) where the cursor is
//     press [left|right|middle]     press a button       release [left|right|middle]  release it
//     drag X1 Y1 X2 Y2 [--steps N]  press left at (X1, Y1), move in N steps (default 10), release at (X2, Y2)
//     scroll DX DY [--wheel]        scroll by (DX, DY) (wl_pointer.axis units: 10 is about one wheel click;
//                                   positive DY scrolls down); --wheel sends wheel clicks (one per 10 units)
//     wait MS                       pause
//   options:
//     --extent WxH   the absolute coordinate grid (default: the bounding box of the outputs, in logical pixels)
//     --settle MS    pause after creating the pointer, so that clients bind their wl_pointer (default 150)
//     --delay MS     pause after each action (default 20)
// It connects to $WAYLAND_DISPLAY (a name in $XDG_RUNTIME_DIR or an absolute path), exits 0 when every request
// reached the compositor without a protocol error, 1 with a message when it cannot, 2 on a usage error.
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

#define BTN_LEFT 0x110
#define BTN_RIGHT 0x111
#define BTN_MIDDLE 0x112
#define MAX_OUTPUTS 16

struct output {
    struct wl_output *proxy;
    int32_t x, y;            // layout position (wl_output.geometry)
    int32_t transform;
    int32_t mode_w, mode_h;  // current mode, in buffer pixels
    int32_t scale;
};

static struct wl_display *display;
static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static struct output outputs[MAX_OUTPUTS];
static int output_count;
static struct zwlr_virtual_pointer_v1 *pointer;
static int32_t origin_x, origin_y;
static uint32_t extent_w, extent_h;
static long delay_ms = 20;

static void die(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("wl-pointer-tool: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static void usage(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("wl-pointer-tool: ", stderr);
    vfprintf(stderr, format, args);
    fputs("\nusage: wl-pointer-tool [--extent WxH] [--settle MS] [--delay MS] ACTION...\n"
          "  actions: move X Y | click [left|right|middle] | press [BUTTON] | release [BUTTON]\n"
          "           | drag X1 Y1 X2 Y2 [--steps N] | scroll DX DY [--wheel] | wait MS\n", stderr);
    va_end(args);
    exit(2);
}

static void sleep_ms(long ms) {
    if (ms <= 0) return;
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR) {}
}

static uint32_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)((uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000);
}

// Sends what is queued and waits until the compositor has handled it; a protocol error ends the tool.
static void sync_with_compositor(const char *what) {
    if (wl_display_roundtrip(display) == -1) {
        int code = wl_display_get_error(display);
        const struct wl_interface *interface = NULL;
        uint32_t id = 0;
        if (code == EPROTO) {
            uint32_t error = wl_display_get_protocol_error(display, &interface, &id);
            die("protocol error %u on %s@%u while %s", error, interface ? interface->name : "?", id, what);
        }
        die("lost the connection to the compositor while %s: %s", what, strerror(code));
    }
}

// MARK: Globals

static void output_geometry(void *data, struct wl_output *proxy, int32_t x, int32_t y, int32_t pw, int32_t ph,
                            int32_t subpixel, const char *make, const char *model, int32_t transform) {
    (void)proxy; (void)pw; (void)ph; (void)subpixel; (void)make; (void)model;
    struct output *o = data;
    o->x = x;
    o->y = y;
    o->transform = transform;
}

static void output_mode(void *data, struct wl_output *proxy, uint32_t flags, int32_t w, int32_t h, int32_t refresh) {
    (void)proxy; (void)refresh;
    struct output *o = data;
    if (flags & WL_OUTPUT_MODE_CURRENT) {
        o->mode_w = w;
        o->mode_h = h;
    }
}

static void output_done(void *data, struct wl_output *proxy) { (void)data; (void)proxy; }

static void output_scale(void *data, struct wl_output *proxy, int32_t factor) {
    (void)proxy;
    struct output *o = data;
    o->scale = factor > 0 ? factor : 1;
}

static const struct wl_output_listener output_listener = {
    .geometry = output_geometry, .mode = output_mode, .done = output_done, .scale = output_scale,
};

static void global_added(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                         uint32_t version) {
    (void)data;
    if (strcmp(interface, wl_seat_interface.name) == 0 && !seat) {
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && output_count < MAX_OUTPUTS) {
        struct output *o = &outputs[output_count++];
        o->scale = 1;
        o->proxy = wl_registry_bind(registry, name, &wl_output_interface, version >= 2 ? 2 : 1);
        wl_output_add_listener(o->proxy, &output_listener, o);
    } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    }
}

static void global_removed(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = {.global = global_added, .global_remove = global_removed};

// The bounding box of the outputs in layout (logical) coordinates: the area absolute motion maps onto.
static void compute_extent(void) {
    int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
    for (int i = 0; i < output_count; i++) {
        struct output *o = &outputs[i];
        if (o->mode_w <= 0 || o->mode_h <= 0) continue;
        bool rotated = o->transform % 2 == 1; // 90, 270 and their flipped forms
        int32_t w = (rotated ? o->mode_h : o->mode_w) / o->scale;
        int32_t h = (rotated ? o->mode_w : o->mode_h) / o->scale;
        if (o->x < x0) x0 = o->x;
        if (o->y < y0) y0 = o->y;
        if (o->x + w > x1) x1 = o->x + w;
        if (o->y + h > y1) y1 = o->y + h;
    }
    if (x1 <= x0 || y1 <= y0) die("the compositor announced no output with a mode; give the grid with --extent WxH");
    origin_x = x0;
    origin_y = y0;
    extent_w = (uint32_t)(x1 - x0);
    extent_h = (uint32_t)(y1 - y0);
}

// MARK: Actions

static double parse_number(const char *text, const char *what) {
    char *end = NULL;
    errno = 0;
    double value = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(value)) usage("%s: not a number: '%s'", what, text);
    return value;
}

static long parse_ms(const char *text, const char *what) {
    double value = parse_number(text, what);
    if (value < 0 || value > 600000) usage("%s: out of range (0 to 600000 ms): '%s'", what, text);
    return (long)value;
}

static uint32_t parse_button(const char *name) {
    if (strcmp(name, "left") == 0) return BTN_LEFT;
    if (strcmp(name, "right") == 0) return BTN_RIGHT;
    if (strcmp(name, "middle") == 0) return BTN_MIDDLE;
    return 0;
}

static bool is_button(const char *name) { return name && parse_button(name) != 0; }

static void move_to(double x, double y) {
    double gx = round(x) - origin_x, gy = round(y) - origin_y;
    if (gx < 0 || gy < 0 || gx > extent_w || gy > extent_h)
        die("(%g, %g) lies outside the outputs (%d,%d %ux%u)", x, y, origin_x, origin_y, extent_w, extent_h);
    zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), (uint32_t)gx, (uint32_t)gy, extent_w, extent_h);
    zwlr_virtual_pointer_v1_frame(pointer);
}

static void button(uint32_t code, bool pressed) {
    zwlr_virtual_pointer_v1_button(pointer, now_ms(), code,
                                   pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
    zwlr_virtual_pointer_v1_frame(pointer);
}

static void scroll(double dx, double dy, bool wheel) {
    uint32_t t = now_ms();
    zwlr_virtual_pointer_v1_axis_source(pointer, wheel ? WL_POINTER_AXIS_SOURCE_WHEEL : WL_POINTER_AXIS_SOURCE_FINGER);
    const struct { double value; uint32_t axis; } parts[2] = {
        {dx, WL_POINTER_AXIS_HORIZONTAL_SCROLL}, {dy, WL_POINTER_AXIS_VERTICAL_SCROLL},
    };
    for (int i = 0; i < 2; i++) {
        if (parts[i].value == 0) continue;
        if (wheel) {
            int32_t clicks = (int32_t)lround(parts[i].value / 10);
            if (clicks == 0) clicks = parts[i].value > 0 ? 1 : -1;
            zwlr_virtual_pointer_v1_axis_discrete(pointer, t, parts[i].axis, wl_fixed_from_double(parts[i].value), clicks);
        } else {
            zwlr_virtual_pointer_v1_axis(pointer, t, parts[i].axis, wl_fixed_from_double(parts[i].value));
        }
    }
    zwlr_virtual_pointer_v1_frame(pointer);
    if (!wheel) { // a finger lifted: the scroll sequence ends
        for (int i = 0; i < 2; i++)
            if (parts[i].value != 0) zwlr_virtual_pointer_v1_axis_stop(pointer, now_ms(), parts[i].axis);
        zwlr_virtual_pointer_v1_frame(pointer);
    }
}

// Checks the whole command line before touching the compositor; runs it when `run` is true.
static void actions(int argc, char **argv, bool run) {
    for (int i = 0; i < argc;) {
        const char *a = argv[i++];
        int left = argc - i;
        if (strcmp(a, "move") == 0) {
            if (left < 2) usage("move needs X Y");
            double x = parse_number(argv[i], "move X"), y = parse_number(argv[i + 1], "move Y");
            i += 2;
            if (run) move_to(x, y);
        } else if (strcmp(a, "click") == 0 || strcmp(a, "press") == 0 || strcmp(a, "release") == 0) {
            uint32_t code = BTN_LEFT;
            if (left >= 1 && is_button(argv[i])) code = parse_button(argv[i++]);
            if (run) {
                if (strcmp(a, "release") != 0) button(code, true);
                if (strcmp(a, "click") == 0) { sync_with_compositor("pressing"); sleep_ms(delay_ms); }
                if (strcmp(a, "press") != 0) button(code, false);
            }
        } else if (strcmp(a, "drag") == 0) {
            if (left < 4) usage("drag needs X1 Y1 X2 Y2");
            double p[4];
            for (int k = 0; k < 4; k++) p[k] = parse_number(argv[i + k], "drag coordinate");
            i += 4;
            long steps = 10;
            if (i < argc && strcmp(argv[i], "--steps") == 0) {
                if (i + 1 >= argc) usage("--steps needs a number");
                double n = parse_number(argv[i + 1], "--steps");
                if (n < 1 || n > 10000 || n != floor(n)) usage("--steps: a whole number from 1 to 10000: '%s'", argv[i + 1]);
                steps = (long)n;
                i += 2;
            }
            if (run) {
                move_to(p[0], p[1]);
                sync_with_compositor("moving to the drag's start");
                sleep_ms(delay_ms);
                button(BTN_LEFT, true);
                for (long s = 1; s <= steps; s++) {
                    double t = (double)s / (double)steps;
                    sync_with_compositor("dragging");
                    sleep_ms(delay_ms);
                    move_to(p[0] + (p[2] - p[0]) * t, p[1] + (p[3] - p[1]) * t);
                }
                sync_with_compositor("dragging");
                sleep_ms(delay_ms);
                button(BTN_LEFT, false);
            }
        } else if (strcmp(a, "scroll") == 0) {
            if (left < 2) usage("scroll needs DX DY");
            double dx = parse_number(argv[i], "scroll DX"), dy = parse_number(argv[i + 1], "scroll DY");
            i += 2;
            bool wheel = false;
            if (i < argc && strcmp(argv[i], "--wheel") == 0) { wheel = true; i++; }
            if (run) scroll(dx, dy, wheel);
        } else if (strcmp(a, "wait") == 0) {
            if (left < 1) usage("wait needs MS");
            long ms = parse_ms(argv[i++], "wait");
            if (run) sleep_ms(ms);
        } else {
            usage("unknown action '%s'", a);
        }
        if (run) {
            sync_with_compositor(a);
            sleep_ms(delay_ms);
        }
    }
}

int main(int argc, char **argv) {
    long settle_ms = 150;
    long fixed_w = 0, fixed_h = 0;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        const char *o = argv[i];
        if (strcmp(o, "--help") == 0 || strcmp(o, "-h") == 0) usage("drives a wlroots virtual pointer");
        if (i + 1 >= argc) usage("%s needs a value", o);
        const char *v = argv[++i];
        if (strcmp(o, "--settle") == 0) settle_ms = parse_ms(v, o);
        else if (strcmp(o, "--delay") == 0) delay_ms = parse_ms(v, o);
        else if (strcmp(o, "--extent") == 0) {
            if (sscanf(v, "%ldx%ld", &fixed_w, &fixed_h) != 2 || fixed_w <= 0 || fixed_h <= 0 || fixed_w > 1000000 ||
                fixed_h > 1000000)
                usage("--extent: expected WxH with positive numbers, got '%s'", v);
        } else usage("unknown option '%s'", o);
    }
    if (i >= argc) usage("no action given");
    actions(argc - i, argv + i, false); // usage errors before connecting

    const char *name = getenv("WAYLAND_DISPLAY");
    display = wl_display_connect(NULL);
    if (!display)
        die("cannot connect to the Wayland display '%s' (XDG_RUNTIME_DIR=%s): %s", name ? name : "wayland-0",
            getenv("XDG_RUNTIME_DIR") ? getenv("XDG_RUNTIME_DIR") : "unset", strerror(errno));
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    sync_with_compositor("reading the globals");
    sync_with_compositor("reading the outputs");
    if (!manager)
        die("the compositor does not offer zwlr_virtual_pointer_manager_v1 (wlroots compositors such as sway do)");
    if (fixed_w > 0) {
        extent_w = (uint32_t)fixed_w;
        extent_h = (uint32_t)fixed_h;
    } else {
        compute_extent();
    }

    pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
    sync_with_compositor("creating the virtual pointer");
    sleep_ms(settle_ms); // clients see the seat gain a pointer and bind their wl_pointer
    actions(argc - i, argv + i, true);

    zwlr_virtual_pointer_v1_destroy(pointer);
    zwlr_virtual_pointer_manager_v1_destroy(manager);
    sync_with_compositor("removing the virtual pointer");
    wl_display_disconnect(display);
    return 0;
}
