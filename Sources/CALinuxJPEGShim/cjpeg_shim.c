#include "cjpeg_shim.h"

#include <limits.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg's error manager extended with where to jump back to.
struct shim_error_manager {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void shim_error_exit(j_common_ptr cinfo) {
    struct shim_error_manager *manager = (struct shim_error_manager *)cinfo->err;
    if (manager->message && manager->message_size > 0) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        snprintf(manager->message, manager->message_size, "%s", text);
    }
    longjmp(manager->jump, 1);
}

/// Warnings (corrupt data libjpeg can skip over) are not printed; the decode goes on.
static void shim_output_message(j_common_ptr cinfo) { (void)cinfo; }

static inline unsigned char clamp_byte(int v) { return (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v); }

/// A decode in progress: libjpeg's state and the error manager it jumps back through.
struct cajpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct shim_error_manager manager;
    struct jpeg_progress_mgr progress;
    unsigned char *row;
    int cmyk;
};

/// Progressive JPEGs may hold any number of scans, each a pass over the whole coefficient buffer;
/// past this many the file is refused rather than decoded for minutes (libjpeg-turbo's advice).
enum { CAJPEG_MAX_SCANS = 1000 };

static void shim_progress(j_common_ptr cinfo) {
    struct cajpeg_decoder *decoder = (struct cajpeg_decoder *)((char *)cinfo - offsetof(struct cajpeg_decoder, cinfo));
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > CAJPEG_MAX_SCANS) {
        struct shim_error_manager *manager = &decoder->manager;
        if (manager->message && manager->message_size > 0)
            snprintf(manager->message, manager->message_size, "more than %d scans", (int)CAJPEG_MAX_SCANS);
        longjmp(manager->jump, 1);
    }
}

static void shim_set_message(struct cajpeg_decoder *decoder, char *message, size_t message_size) {
    decoder->manager.message = message;
    decoder->manager.message_size = message_size;
    if (message && message_size > 0) message[0] = 0;
}

cajpeg_decoder *cajpeg_open(const unsigned char *data, size_t size, size_t max_memory, int *width, int *height,
                            unsigned long *blocks, char *message, size_t message_size) {
    if (message && message_size > 0) message[0] = 0;
    if (!data || size == 0 || !width || !height || !blocks) return NULL;
    struct cajpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    cinfo->err = jpeg_std_error(&decoder->manager.pub);
    decoder->manager.pub.error_exit = shim_error_exit;
    decoder->manager.pub.output_message = shim_output_message;
    shim_set_message(decoder, message, message_size);
    if (setjmp(decoder->manager.jump)) {
        jpeg_destroy_decompress(cinfo);
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(cinfo);
    // libjpeg's own buffers (a progressive JPEG's coefficients for the whole image) stay under this;
    // past it libjpeg fails (it has no backing store) instead of allocating.
    cinfo->mem->max_memory_to_use = (long)(max_memory > (size_t)LONG_MAX ? LONG_MAX : max_memory);
    decoder->progress.progress_monitor = shim_progress;
    cinfo->progress = &decoder->progress;
    jpeg_mem_src(cinfo, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    decoder->cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = decoder->cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_calc_output_dimensions(cinfo);
    unsigned long total = 0;
    for (int i = 0; i < cinfo->num_components; i++) {
        const jpeg_component_info *component = &cinfo->comp_info[i];
        total += (unsigned long)component->width_in_blocks * (unsigned long)component->height_in_blocks;
    }
    *width = (int)cinfo->output_width;
    *height = (int)cinfo->output_height;
    *blocks = total;
    return decoder;
}

int cajpeg_read(cajpeg_decoder *decoder, uint32_t *pixels, size_t stride, char *message, size_t message_size) {
    if (!decoder || !pixels) return 1;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    shim_set_message(decoder, message, message_size);
    if (setjmp(decoder->manager.jump)) return 2;
    jpeg_start_decompress(cinfo);
    int w = (int)cinfo->output_width, h = (int)cinfo->output_height, components = cinfo->output_components;
    int cmyk = decoder->cmyk;
    if (w <= 0 || h <= 0 || components != (cmyk ? 4 : 3)) return 3;
    decoder->row = malloc((size_t)w * (size_t)components);
    if (!decoder->row) return 4;
    while (cinfo->output_scanline < cinfo->output_height) {
        unsigned char *rows[1] = { decoder->row };
        unsigned y = cinfo->output_scanline;
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1) break;
        uint32_t *dest = (uint32_t *)((unsigned char *)pixels + (size_t)y * stride);
        const unsigned char *row = decoder->row;
        for (int x = 0; x < w; x++) {
            const unsigned char *p = row + (size_t)x * (size_t)components;
            int r, g, b;
            if (cmyk) {
                // Adobe writes CMYK inverted: each byte is 255 − ink.
                int c = p[0], m = p[1], yy = p[2], k = p[3];
                if (!cinfo->saw_Adobe_marker) { c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k; }
                r = c * k / 255; g = m * k / 255; b = yy * k / 255;
            } else {
                r = p[0]; g = p[1]; b = p[2];
            }
            dest[x] = 0xFF000000u | (uint32_t)clamp_byte(r) << 16 | (uint32_t)clamp_byte(g) << 8 | clamp_byte(b);
        }
    }
    // A truncated stream was padded by libjpeg (with a warning); rows it never reached are gray.
    for (unsigned y = cinfo->output_scanline; y < (unsigned)h; y++) {
        uint32_t *dest = (uint32_t *)((unsigned char *)pixels + (size_t)y * stride);
        for (int x = 0; x < w; x++) dest[x] = 0xFF808080u;
    }
    jpeg_finish_decompress(cinfo);
    return 0;
}

void cajpeg_close(cajpeg_decoder *decoder) {
    if (!decoder) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder->row);
    free(decoder);
}

int cajpeg_encode(const uint32_t *pixels, int width, int height, size_t stride, int quality,
                  unsigned char **output, unsigned long *output_size) {
    struct jpeg_compress_struct cinfo;
    struct shim_error_manager manager;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    unsigned char *volatile row = NULL;

    if (!pixels || width <= 0 || height <= 0 || !output || !output_size) return 1;
    *output = NULL;
    *output_size = 0;
    cinfo.err = jpeg_std_error(&manager.pub);
    manager.pub.error_exit = shim_error_exit;
    manager.pub.output_message = shim_output_message;
    manager.message = NULL;
    manager.message_size = 0;
    if (setjmp(manager.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        free(row);
        return 2;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    row = malloc((size_t)width * 3);
    if (!row) {
        jpeg_destroy_compress(&cinfo);
        return 4;
    }
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        const uint32_t *source = (const uint32_t *)((const unsigned char *)pixels + (size_t)cinfo.next_scanline * stride);
        for (int x = 0; x < width; x++) {
            uint32_t p = source[x];
            row[x * 3] = (unsigned char)(p >> 16);
            row[x * 3 + 1] = (unsigned char)(p >> 8);
            row[x * 3 + 2] = (unsigned char)p;
        }
        unsigned char *rows[1] = { row };
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    *output = buffer;
    *output_size = buffer_size;
    return 0;
}

void cajpeg_free(void *pointer) { free(pointer); }
