#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H

#include <stddef.h>
#include <stdint.h>

// JPEG decoding and encoding over libjpeg for CoreGraphics. libjpeg reports errors through an error
// manager whose default error_exit calls exit(); these wrappers install one that longjmps back (Swift
// cannot use setjmp/longjmp safely), so every failure is a return code and never ends the process.

/// A JPEG decode in two steps, so that the caller can check the size and allocate the pixels
/// before anything large is allocated: `cajpeg_open`, then `cajpeg_read`, then `cajpeg_close`.
typedef struct cajpeg_decoder cajpeg_decoder;

/// Reads the header of `size` bytes of JPEG (which must stay valid until `cajpeg_close`): the
/// decoded `width` and `height`, and the number of 8×8 `blocks` of all components (each at least
/// one bit of Huffman-coded data). libjpeg's own buffers will be kept under `max_memory` bytes.
/// Returns NULL when the bytes are not a JPEG libjpeg can read (`message`, may be NULL, receives
/// libjpeg's error text, truncated to `message_size`).
cajpeg_decoder *cajpeg_open(const unsigned char *data, size_t size, size_t max_memory, int *width, int *height,
                            unsigned long *blocks, char *message, size_t message_size);

/// Decodes the image into `pixels`: `height` rows `stride` bytes apart, each `width` host-endian
/// uint32 0xFFRRGGBB (cairo's RGB24 layout), rows top first. Grayscale, YCbCr, RGB, CMYK and YCCK
/// (Adobe's inverted CMYK) sources are converted to RGB. A stream that ends early decodes as far as
/// it goes; the rows past it are gray. Returns 0 on success, nonzero on failure (the pixels are then
/// partly written).
int cajpeg_read(cajpeg_decoder *decoder, uint32_t *pixels, size_t stride, char *message, size_t message_size);

/// Frees the decoder (NULL is allowed).
void cajpeg_close(cajpeg_decoder *decoder);

/// Encodes `width * height` host-endian uint32 pixels 0x??RRGGBB (rows `stride` bytes apart; the top
/// byte is ignored) as a baseline JPEG with `quality` 1...100 into a malloc'd buffer. Returns 0 on
/// success (free `*output` with `cajpeg_free`), nonzero on failure.
int cajpeg_encode(const uint32_t *pixels, int width, int height, size_t stride, int quality,
                  unsigned char **output, unsigned long *output_size);

void cajpeg_free(void *pointer);

#endif
