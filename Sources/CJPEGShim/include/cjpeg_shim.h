#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H

#include <stddef.h>
#include <stdint.h>

// JPEG decoding and encoding over libjpeg for CoreGraphics. libjpeg reports errors through an error
// manager whose default error_exit calls exit(); these wrappers install one that longjmps back (Swift
// cannot use setjmp/longjmp safely), so every failure is a return code and never ends the process.

/// Decodes `size` bytes of JPEG into a malloc'd buffer of `width * height` pixels, each a host-endian
/// uint32 0xFFRRGGBB (cairo's RGB24 layout), rows top first, no padding. Grayscale, YCbCr, RGB, CMYK
/// and YCCK (Adobe's inverted CMYK) sources are converted to RGB. Returns 0 on success (free the
/// pixels with `cajpeg_free`), nonzero on failure (nothing to free); `message` (may be NULL) receives
/// libjpeg's error text, truncated to `message_size`.
int cajpeg_decode(const unsigned char *data, size_t size, uint32_t **pixels, int *width, int *height,
                  char *message, size_t message_size);

/// Encodes `width * height` host-endian uint32 pixels 0x??RRGGBB (rows `stride` bytes apart; the top
/// byte is ignored) as a baseline JPEG with `quality` 1...100 into a malloc'd buffer. Returns 0 on
/// success (free `*output` with `cajpeg_free`), nonzero on failure.
int cajpeg_encode(const uint32_t *pixels, int width, int height, size_t stride, int quality,
                  unsigned char **output, unsigned long *output_size);

void cajpeg_free(void *pointer);

#endif
