#ifndef CALINUX_METHODS_H
#define CALINUX_METHODS_H

#include <stddef.h>

/// Called for each symbol found: its mangled name and its address in this process.
typedef void (*calinux_symbol_visitor)(const char *name, const void *address, void *context);

/// Visits the Swift symbols (`$s…`, functions and data) of every object loaded in the process (the executable
/// and the shared libraries, from their symbol tables on disk) whose name contains `needle`. The
/// runtime keeps no table of a class's methods by name; their symbols are the one record of them.
void calinux_visit_swift_symbols(const char *needle, calinux_symbol_visitor visit, void *context);

/// The demangled form of a Swift symbol (malloc'ed, freed with `free`), or NULL.
char *calinux_demangle(const char *mangled);

/// The name of the Swift symbol at `address` (a type's context descriptor, say), copied into
/// `buffer` (NUL-terminated); 0 when none is there or the name does not fit.
int calinux_swift_symbol_at(const void *address, char *buffer, size_t capacity);

/// Calls a Swift method that returns nothing with `self` and `count` (0 to 2) arguments, each one
/// pointer-sized: an object reference, or the address of a value passed indirectly.
void calinux_call_method(const void *method, const void *self, int count, const void *first, const void *second);

#endif
