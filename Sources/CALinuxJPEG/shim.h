// jpeglib.h needs FILE and size_t declared first.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
