// giflib: GIF encoding and decoding, and its median-cut colour quantizer.
#include <gif_lib.h>
