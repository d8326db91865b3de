#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc) made by the process so far, in every thread and
/// library. Linked into an executable, this module's malloc family stands in front of glibc's,
/// counts, and forwards; `demo bench` prints allocations per frame with it.
uint64_t ca_allocation_count(void);

#endif
