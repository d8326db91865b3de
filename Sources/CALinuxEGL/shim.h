#include <EGL/egl.h>
#include <EGL/eglext.h>
