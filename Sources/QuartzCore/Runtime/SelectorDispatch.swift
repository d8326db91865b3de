import CALinuxRuntime
import Foundation

/// Sends a `Selector` to any object, as Objective-C's runtime does for target-action on Apple's
/// platforms (gesture recognizers, controls, display links, timers, notification observers).
///
/// Linux has no such runtime, and Swift keeps no table of a class's methods by name: a method's
/// symbol is the one record of it. So the method is found by name among the symbols of the target's
/// class and then of its superclasses (the class's context descriptor gives the mangled prefix all
/// its methods share), matched against the selector (Objective-C's spelling, `tap:`,
/// `tapWithSender:`, or Swift's, `tap(_:)`), and called with Swift's calling convention. Methods
/// that return nothing, do not throw and are not `async`, with at most two parameters, each a class
/// instance, `Any` (or optionals of those) or a `Notification`, can be called: the shapes of
/// target-action code. The lookup of each class and selector is done once and kept.
///
/// A method the lookup cannot see (one inlined away by the optimizer, in a program whose symbols were
/// stripped) is reported once on stderr; adopting the caller's protocol (`UIControlTarget`,
/// `UIGestureRecognizerTarget`, `CADisplayLinkTarget`, `NotificationTarget`) always works.
package enum SelectorDispatch {
    /// Calls the method `selector` names on `target` with `arguments` (what Objective-C would pass:
    /// the sender, then the event). False, with one line on stderr the first time, when the class
    /// has no such method or it cannot take those arguments.
    @discardableResult
    package static func perform(_ selector: Selector, on target: AnyObject, with arguments: [Any?] = []) -> Bool {
        let cls: AnyClass = type(of: target)
        guard let method = methods.method(for: selector.name, in: cls, arity: arguments.count) else {
            methods.reportMissing(selector.name, in: cls)
            return false
        }
        return method.call(on: target, with: arguments)
    }

    /// Whether `target`'s class has a method `selector` names that takes no more than `arity`
    /// arguments (Objective-C's `responds(to:)`).
    package static func responds(_ target: AnyObject, to selector: Selector, arity: Int = 2) -> Bool {
        methods.method(for: selector.name, in: type(of: target), arity: arity) != nil
    }

    private static let methods = MethodTable()
}

/// A method found for a selector: its entry point and the kinds of its parameters.
struct SelectorMethod {
    enum Parameter {
        /// A class instance (optional or not), of `expected` when its class could be resolved.
        case object(expected: AnyClass?, optional: Bool)
        /// `Any` or `Any?`: passed indirectly, as an existential.
        case existential
        /// Foundation's `Notification`: a struct passed indirectly.
        case notification
    }

    let address: UnsafeRawPointer
    let parameters: [Parameter]

    /// Calls the method on `target` with the first `parameters.count` of `arguments`; false when an
    /// argument does not fit its parameter.
    func call(on target: AnyObject, with arguments: [Any?]) -> Bool {
        var pointers: [UnsafeRawPointer?] = []
        // Values passed indirectly are borrowed by the callee: boxed here, destroyed after the call.
        var cleanups: [() -> Void] = []
        defer { for cleanup in cleanups { cleanup() } }
        for (parameter, argument) in zip(parameters, arguments) {
            switch parameter {
            case .object(let expected, let optional):
                guard let argument else {
                    guard optional else { return false }
                    pointers.append(nil)
                    continue
                }
                guard type(of: argument) is AnyClass else { return false }
                let object = argument as AnyObject
                if let expected, !Self.isInstance(object, of: expected) { return false }
                pointers.append(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
            case .existential:
                let box = UnsafeMutablePointer<Any?>.allocate(capacity: 1)
                box.initialize(to: argument)
                cleanups.append { box.deinitialize(count: 1); box.deallocate() }
                pointers.append(UnsafeRawPointer(box))
            case .notification:
                guard let notification = argument as? Notification else { return false }
                let box = UnsafeMutablePointer<Notification>.allocate(capacity: 1)
                box.initialize(to: notification)
                cleanups.append { box.deinitialize(count: 1); box.deallocate() }
                pointers.append(UnsafeRawPointer(box))
            }
        }
        let first = pointers.count > 0 ? pointers[0] : nil
        let second = pointers.count > 1 ? pointers[1] : nil
        withExtendedLifetime((target, arguments)) {
            calinux_call_method(address, UnsafeRawPointer(Unmanaged.passUnretained(target).toOpaque()),
                                Int32(pointers.count), first, second)
        }
        return true
    }

    private static func isInstance(_ object: AnyObject, of expected: AnyClass) -> Bool {
        var cls: AnyClass? = type(of: object)
        while let c = cls {
            if c == expected { return true }
            cls = _getSuperclass(c)
        }
        return false
    }
}

/// The methods found so far, by class and selector (nil: none), shared by every thread.
final class MethodTable: @unchecked Sendable {
    private struct Key: Hashable {
        let cls: ObjectIdentifier
        let selector: String
        let arity: Int
    }

    private let lock = NSLock()
    private var found: [Key: SelectorMethod?] = [:]
    private var reported: Set<Key> = []
    /// Each class's methods as symbols: (demangled name, address), read once per class.
    private var symbolsByClass: [ObjectIdentifier: [(String, UnsafeRawPointer)]] = [:]

    func method(for selector: String, in cls: AnyClass, arity: Int) -> SelectorMethod? {
        let key = Key(cls: ObjectIdentifier(cls), selector: selector, arity: arity)
        lock.lock(); defer { lock.unlock() }
        if let known = found[key] { return known }
        var method: SelectorMethod?
        var current: AnyClass? = cls
        while let c = current, method == nil {
            method = symbols(of: c).lazy.compactMap { Self.match(selector, demangled: $0.0, address: $0.1, arity: arity) }.first
            current = _getSuperclass(c)
        }
        found[key] = method
        return method
    }

    func reportMissing(_ selector: String, in cls: AnyClass) {
        let key = Key(cls: ObjectIdentifier(cls), selector: selector, arity: -1)
        lock.lock()
        let first = reported.insert(key).inserted
        lock.unlock()
        guard first else { return }
        FileHandle.standardError.write(Data((
            "\(_typeName(cls)) has no method for selector '\(selector)' that can be called: it needs no more than "
            + "two parameters (objects, Any or a Notification), returns nothing and must not be stripped away; "
            + "or adopt the caller's target protocol (UIControlTarget, UIGestureRecognizerTarget, "
            + "CADisplayLinkTarget, NotificationTarget)\n").utf8))
    }

    /// The demangled names and addresses of the methods `cls` declares (not inherited ones).
    private func symbols(of cls: AnyClass) -> [(String, UnsafeRawPointer)] {
        if let known = symbolsByClass[ObjectIdentifier(cls)] { return known }
        var result: [(String, UnsafeRawPointer)] = []
        if let context = Self.mangledContext(of: cls) {
            final class Collector {
                let prefix: String
                var names: [(String, UnsafeRawPointer)] = []
                init(prefix: String) { self.prefix = prefix }
            }
            let collector = Collector(prefix: "$s" + context)
            withExtendedLifetime(collector) {
                calinux_visit_swift_symbols(context, { name, address, context in
                    guard let name, let address, let context else { return }
                    let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                    let symbol = String(cString: name)
                    // A method of the class itself: the context, then an identifier, ending in `F`
                    // (static methods end in `FZ`, accessors in `v…`, closures and thunks otherwise).
                    guard symbol.hasPrefix(collector.prefix), symbol.hasSuffix("F"),
                          let first = symbol.utf8.dropFirst(collector.prefix.utf8.count).first,
                          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return }
                    collector.names.append((symbol, address))
                }, Unmanaged.passUnretained(collector).toOpaque())
            }
            for (symbol, address) in collector.names {
                guard let demangled = calinux_demangle(symbol) else { continue }
                result.append((String(cString: demangled), address))
                free(demangled)
            }
        }
        symbolsByClass[ObjectIdentifier(cls)] = result
        return result
    }

    /// The mangled name of `cls`'s context (what every symbol of its members starts with after
    /// `$s`), from the symbol of its nominal type descriptor.
    private static func mangledContext(of cls: AnyClass) -> String? {
        // Swift class metadata without Objective-C interop: isa, superclass, then 32 bytes of sizes
        // and flags, then the type's descriptor.
        let metadata = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        guard let descriptor = metadata.load(fromByteOffset: 40, as: UnsafeRawPointer?.self) else { return nil }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard calinux_swift_symbol_at(descriptor, &buffer, buffer.count) != 0 else { return nil }
        let symbol = String(cString: buffer)
        guard symbol.hasPrefix("$s"), symbol.hasSuffix("Mn") else { return nil }
        return String(symbol.dropFirst(2).dropLast(2))
    }

    /// The method of demangled name `demangled` if it answers `selector` with `arity` arguments.
    static func match(_ selector: String, demangled: String, address: UnsafeRawPointer, arity: Int) -> SelectorMethod? {
        guard let signature = MethodSignature(demangled: demangled), signature.parameters.count <= arity,
              signature.answers(selector) else { return nil }
        var parameters: [SelectorMethod.Parameter] = []
        for type in signature.parameters.map(\.type) {
            // The runtime's demangler writes optionals unsugared.
            var name = type
            var optional = false
            if name.hasSuffix("?") {
                name.removeLast()
                optional = true
            } else if name.hasPrefix("Swift.Optional<"), name.hasSuffix(">") {
                name = String(name.dropFirst("Swift.Optional<".count).dropLast())
                optional = true
            }
            switch name {
            case "Any":
                parameters.append(.existential)
            case "Foundation.Notification":
                guard !optional else { return nil }
                parameters.append(.notification)
            case "AnyObject", "Swift.AnyObject":
                parameters.append(.object(expected: nil, optional: optional))
            default:
                // Else only a class can be passed (one pointer). A name the runtime resolves says
                // what it is; one it cannot (a private or local class) is taken for a class unless
                // it is written as a structural or standard-library type.
                guard !name.contains("<"), !name.contains("["), !name.contains("("), !name.hasPrefix("Swift."),
                      !name.hasPrefix("inout ") else { return nil }
                if let resolved = _typeByName(name) {
                    guard let cls = resolved as? AnyClass else { return nil }
                    parameters.append(.object(expected: cls, optional: optional))
                } else {
                    parameters.append(.object(expected: nil, optional: optional))
                }
            }
        }
        return SelectorMethod(address: address, parameters: parameters)
    }
}

/// A method's base name and parameters, read from its demangled symbol
/// (`Module.Class.tap(sender: UIKit.UIButton) -> ()`).
struct MethodSignature {
    let baseName: String
    let parameters: [(label: String?, type: String)]

    /// Nil unless the symbol is a method that returns nothing, neither throws nor is `async`.
    init?(demangled: String) {
        let chars = Array(demangled)
        var i = 0
        while i < chars.count {
            defer { i += 1 }
            guard chars[i] == "(", i > 0, Self.isIdentifier(chars[i - 1]) else { continue }
            var start = i - 1
            while start > 0, Self.isIdentifier(chars[start - 1]) { start -= 1 }
            guard start == 0 || chars[start - 1] == "." else { continue }
            // The matching parenthesis.
            var depth = 0, end = i
            while end < chars.count {
                depth += Self.nesting(chars, end)
                if depth == 0 { break }
                end += 1
            }
            guard end < chars.count else { return nil }
            let rest = String(chars[(end + 1)...])
            guard rest == " -> ()" || rest.hasPrefix(" -> () in ") else { continue }
            baseName = String(chars[start..<i])
            parameters = Self.split(String(chars[(i + 1)..<end])).map(Self.parameter)
            return
        }
        return nil
    }

    /// Whether `selector` names this method: Objective-C's spelling (`tap`, `tap:`, `tapWithSender:`,
    /// `tap:forEvent:`) or Swift's (`tap()`, `tap(_:)`, `tap(sender:)`).
    func answers(_ selector: String) -> Bool {
        let swiftName = baseName + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
        if selector == swiftName { return true }
        if parameters.isEmpty { return selector == baseName }
        var objc = baseName
        for (index, parameter) in parameters.enumerated() {
            if index == 0 {
                if let label = parameter.label { objc += "With" + label.prefix(1).uppercased() + label.dropFirst() }
                objc += ":"
            } else {
                objc += (parameter.label ?? "") + ":"
            }
        }
        return selector == objc
    }

    private static func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// +1 for an opening bracket at `i`, -1 for a closing one (the `>` of `->` is not one), else 0.
    private static func nesting(_ chars: [Character], _ i: Int) -> Int {
        switch chars[i] {
        case "(", "[", "<": return 1
        case ")", "]": return -1
        case ">": return i > 0 && chars[i - 1] == "-" ? 0 : -1
        default: return 0
        }
    }

    /// The top-level comma-separated parts of a parameter list.
    private static func split(_ list: String) -> [String] {
        guard !list.isEmpty else { return [] }
        var parts: [String] = [], current = "", depth = 0
        let chars = Array(list)
        for (i, c) in chars.enumerated() {
            depth += nesting(chars, i)
            if c == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }

    /// `label: Type` or `Type` (ownership prefixes dropped).
    private static func parameter(_ text: String) -> (label: String?, type: String) {
        var label: String?
        var type = text
        var depth = 0
        let chars = Array(text)
        for (offset, c) in chars.enumerated() {
            depth += nesting(chars, offset)
            if c == ":", depth == 0 {
                let candidate = String(text.prefix(offset))
                if candidate.allSatisfy(isIdentifier) {
                    label = candidate == "_" ? nil : candidate
                    type = String(text.dropFirst(offset + 1)).trimmingCharacters(in: .whitespaces)
                }
                break
            }
        }
        for prefix in ["__owned ", "__shared ", "borrowing ", "consuming "] where type.hasPrefix(prefix) {
            type.removeFirst(prefix.count)
        }
        return (label, type)
    }
}
