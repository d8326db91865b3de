import Foundation

// C constants that Apple-platform code uses and that Glibc does not bring into Swift: its HUGE,
// HUGE_VAL and HUGE_VALF are compiler builtins the importer skips, and the NSEC_PER_SEC family
// comes from Darwin's <dispatch/time.h>. Types and values are Darwin's.

/// Darwin's `HUGE` is `MAXFLOAT`, a `Float` (hence `animation.repeatCount = HUGE` and `Float(HUGE)`).
public let HUGE: Float = .greatestFiniteMagnitude
public let HUGE_VAL: Double = .infinity
public let HUGE_VALF: Float = .infinity

public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000
