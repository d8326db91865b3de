#include "cjpeg_shim.h"

#include <setjmp.h>
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

int cajpeg_decode(const unsigned char *data, size_t size, uint32_t **pixels, int *width, int *height,
                  char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct shim_error_manager manager;
    // Written after setjmp and read after a longjmp: volatile.
    uint32_t *volatile out = NULL;
    unsigned char *volatile row = NULL;

    if (message && message_size > 0) message[0] = 0;
    if (!data || size == 0 || !pixels || !width || !height) return 1;
    *pixels = NULL;
    cinfo.err = jpeg_std_error(&manager.pub);
    manager.pub.error_exit = shim_error_exit;
    manager.pub.output_message = shim_output_message;
    manager.message = message;
    manager.message_size = message_size;
    if (setjmp(manager.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(out);
        free(row);
        return 2;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&cinfo);
    int w = (int)cinfo.output_width, h = (int)cinfo.output_height, components = cinfo.output_components;
    if (w <= 0 || h <= 0 || w > 32767 || h > 32767 || components != (cmyk ? 4 : 3)) {
        jpeg_destroy_decompress(&cinfo);
        return 3;
    }
    out = malloc((size_t)w * (size_t)h * sizeof(uint32_t));
    row = malloc((size_t)w * (size_t)components);
    if (!out || !row) {
        jpeg_destroy_decompress(&cinfo);
        free(out);
        free(row);
        return 4;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        unsigned char *rows[1] = { row };
        unsigned y = cinfo.output_scanline;
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) break;
        uint32_t *dest = out + (size_t)y * (size_t)w;
        for (int x = 0; x < w; x++) {
            const unsigned char *p = row + (size_t)x * (size_t)components;
            int r, g, b;
            if (cmyk) {
                // Adobe writes CMYK inverted: each byte is 255 − ink.
                int c = p[0], m = p[1], yy = p[2], k = p[3];
                if (!cinfo.saw_Adobe_marker) { c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k; }
                r = c * k / 255; g = m * k / 255; b = yy * k / 255;
            } else {
                r = p[0]; g = p[1]; b = p[2];
            }
            dest[x] = 0xFF000000u | (uint32_t)clamp_byte(r) << 16 | (uint32_t)clamp_byte(g) << 8 | clamp_byte(b);
        }
    }
    // A truncated stream was padded by libjpeg (with a warning); rows it never reached stay gray.
    for (unsigned y = cinfo.output_scanline; y < (unsigned)h; y++) {
        for (int x = 0; x < w; x++) out[(size_t)y * (size_t)w + (size_t)x] = 0xFF808080u;
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *pixels = out;
    *width = w;
    *height = h;
    return 0;
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
