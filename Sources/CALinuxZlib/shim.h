// zlib: the deflate streams and CRCs of PNG chunks (animated PNG frames).
#include <zlib.h>
