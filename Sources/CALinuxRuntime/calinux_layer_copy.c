#include "calinux_runtime.h"

// QuartzCore's CALayer: its class descriptor and the method descriptor of `init(layer: Any)`'s
// allocating entry point.
extern const char calinux_calayer_class_descriptor __asm__("$s10QuartzCore7CALayerCMn");
extern const char calinux_calayer_init_layer_descriptor __asm__("$s10QuartzCore7CALayerC5layerACyp_tcfCTq");

extern void *swift_lookUpClassMethod(const void *metadata, const void *method, const void *description);

// `init(layer: Any)`: the `Any` passed indirectly and owned (an initializer's arguments are +1), the
// class metatype in the self register.
typedef void *(*calinux_init_layer)(void *layer, const void *self __attribute__((swift_context))) __attribute__((swiftcall));

void *calinux_make_layer_copy(const void *metadata, void *layer) {
  calinux_init_layer make = (calinux_init_layer)swift_lookUpClassMethod(
      metadata, &calinux_calayer_init_layer_descriptor, &calinux_calayer_class_descriptor);
  return make ? make(layer, metadata) : 0;
}
