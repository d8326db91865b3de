#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver for programs with their own main (libFuzzer's FuzzerDriver.cpp): parses the
/// libFuzzer flags in argv and calls `callback` with each input; returns the exit status.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
