#include "calinux_runtime.h"

// Foundation's NSObject: its class descriptor and the method descriptor of `init()`'s allocating
// entry point (the symbols Swift emits for resilient method lookup).
extern const char calinux_nsobject_class_descriptor __asm__("$s10Foundation8NSObjectCMn");
extern const char calinux_nsobject_init_descriptor __asm__("$s10Foundation8NSObjectCACycfCTq");

// The Swift runtime's vtable lookup (C calling convention).
extern void *swift_lookUpClassMethod(const void *metadata, const void *method, const void *description);

// An allocating initializer: Swift's calling convention, the class metatype in the self register.
typedef void *(*calinux_allocating_init)(const void *self __attribute__((swift_context))) __attribute__((swiftcall));

void *calinux_make_nsobject(const void *metadata) {
  calinux_allocating_init make = (calinux_allocating_init)swift_lookUpClassMethod(
      metadata, &calinux_nsobject_init_descriptor, &calinux_nsobject_class_descriptor);
  return make ? make(metadata) : 0;
}
