#ifndef CALINUX_RUNTIME_H
#define CALINUX_RUNTIME_H

#include "calinux_methods.h"

/// Creates an instance of the class whose metadata is `metadata` with its `init()`, the way
/// Objective-C's `[[cls alloc] init]` does: `NSObject.init()` is looked up in the class's vtable
/// (`swift_lookUpClassMethod`) and that entry, the class's own allocating initializer, is called
/// with the class as `self`. Swift cannot call a non-required initializer through a metatype, and
/// UIKit's `UIApplicationMain` and `@main` must make the app's delegate classes from their names.
///
/// `metadata` must be a subclass of Foundation's `NSObject`. Returns the new object, retained (+1).
/// A class that does not inherit `init()` (it declares other designated initializers only) traps
/// with Swift's "use of unimplemented initializer" message, as Apple's runtime does.
void *calinux_make_nsobject(const void *metadata);

/// Creates a layer of the class whose metadata is `metadata` (a subclass of QuartzCore's `CALayer`)
/// with its `init(layer:)`, the way Core Animation makes presentation layers: the class's own
/// override, which copies the subclass's fields, is found in its vtable and called. `layer` points
/// at an initialized `Any` holding the layer to copy; the initializer consumes it (the memory is left
/// uninitialized). Returns the new layer, retained (+1). A class that does not inherit or override
/// `init(layer:)` traps with Swift's "use of unimplemented initializer" message, as on Apple's.
void *calinux_make_layer_copy(const void *metadata, void *layer);

#endif
