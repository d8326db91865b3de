// Chipmunk2D 7 (Debian's libchipmunk-dev ships no pkg-config file: the headers are in
// /usr/include/chipmunk and the library is linked by name from the module map).
#include <chipmunk/chipmunk.h>
