import Foundation

// The Core Foundation names Core Text code passes, which Foundation on Linux does not have: each is
// the Foundation type Apple's toll-free bridging pairs it with, so `"Helvetica" as CFString` and
// `attributed as CFAttributedString` read as on Apple's platforms.

public typealias CFIndex = Int
/// A UTF-16 code unit, as Core Foundation names it.
public typealias UniChar = UInt16
public typealias CFString = NSString
public typealias CFAttributedString = NSAttributedString
public typealias CFMutableAttributedString = NSMutableAttributedString
public typealias CFArray = NSArray
public typealias CFDictionary = NSDictionary
public typealias CFTypeRef = AnyObject

/// A range of a string or array: a start and a count.
public struct CFRange: Equatable, Sendable {
    public var location: CFIndex
    public var length: CFIndex

    public init() {
        location = 0
        length = 0
    }

    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }
}

public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange {
    CFRange(location: loc, length: len)
}

/// An allocator (every allocation here is Swift's; `kCFAllocatorDefault` is nil, as Apple's).
public final class CFAllocator {}
public let kCFAllocatorDefault: CFAllocator? = nil

/// An attributed string of `str` with `attributes` over all of it.
public func CFAttributedStringCreate(_ alloc: CFAllocator?, _ str: CFString, _ attributes: CFDictionary?) -> CFAttributedString {
    var converted: [NSAttributedString.Key: Any] = [:]
    if let attributes {
        for (key, value) in attributes {
            if let key = key as? String ?? (key as? NSString).map({ String($0) }) { converted[NSAttributedString.Key(key)] = value }
        }
    }
    return NSAttributedString(string: String(str), attributes: converted)
}

public func CFAttributedStringGetLength(_ aStr: CFAttributedString) -> CFIndex {
    aStr.length
}

public func CFArrayGetCount(_ theArray: CFArray) -> CFIndex {
    theArray.count
}

/// The object at `idx`, unretained (as Core Foundation returns it); `unsafeBitCast` it to its class.
public func CFArrayGetValueAtIndex(_ theArray: CFArray, _ idx: CFIndex) -> UnsafeRawPointer? {
    guard idx >= 0, idx < theArray.count else { return nil }
    return UnsafeRawPointer(Unmanaged.passUnretained(theArray[idx] as AnyObject).toOpaque())
}

/// The range covering `range` of a string of `length` units (a zero length meaning "to the end").
func resolved(_ range: CFRange, length: Int) -> NSRange {
    let start = min(max(range.location, 0), length)
    let count = range.length <= 0 ? length - start : min(range.length, length - start)
    return NSRange(location: start, length: count)
}
