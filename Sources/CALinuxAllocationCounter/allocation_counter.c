// Counts heap allocations: the executable that links this file defines malloc, calloc and realloc,
// which the dynamic linker then binds for every library in the process; each counts one allocation
// and forwards to glibc's implementation (exported as __libc_malloc, ...). free stays glibc's own:
// the memory is glibc's either way. A relaxed atomic add is the whole cost.
#include "allocation_counter.h"

#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Atomic uint64_t allocations;

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
}

uint64_t ca_allocation_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}
