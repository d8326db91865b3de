// libwebp: lossless animated WebP encoding (WebPAnimEncoder, libwebpmux) and decoding (WebPAnimDecoder, libwebpdemux).
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
