import Foundation

/// The machine the application runs on, as an iOS device describes itself.
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The device (there is one).
    public static let current = UIDevice()

    /// Posted when `orientation` changes, while notifications are generated (never here).
    nonisolated public static let orientationDidChangeNotification =
        Notification.Name("UIDeviceOrientationDidChangeNotification")

    private override init() {
        super.init()
    }

    /// The machine's host name (Apple's: the name the user gave the device).
    open var name: String { ProcessInfo.processInfo.hostName }

    /// The operating system: `"Linux"`.
    open var systemName: String { "Linux" }

    /// The kernel's version, its numbers only (`"6.8.0"` for `6.8.0-45-generic`), from `uname`:
    /// `systemName` names the kernel, so its version is the kernel's (a distribution's own version is
    /// in /etc/os-release). Compare versions with `compare(_:options: .numeric)`, as on iOS.
    open var systemVersion: String { UIDevice.kernelVersion }

    /// `"PC"` (Apple's: `"iPhone"`, `"iPad"`).
    open var model: String { "PC" }
    /// The same as `model`.
    open var localizedModel: String { model }

    /// `.pad`: a desktop window is a large, resizable screen used with a pointer and a keyboard, which
    /// is what iPad layouts are made for, and Apple's own apps from iPad on a Mac (Mac Catalyst,
    /// "Scaled to Match iPad") report `.pad` too; code that checks for `.phone` keeps its big-screen
    /// layout. (`.mac` is reported by Catalyst apps only when optimized for the Mac.)
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .pad }

    /// `.unknown` until `beginGeneratingDeviceOrientationNotifications()` is called (as on iOS), then
    /// `.portrait`: a desktop does not turn, so it stays in its natural orientation and
    /// `orientationDidChangeNotification` is never posted.
    open var orientation: UIDeviceOrientation { generationCount > 0 ? .portrait : .unknown }

    /// Whether orientation notifications are being generated.
    open var isGeneratingDeviceOrientationNotifications: Bool { generationCount > 0 }

    private var generationCount = 0

    /// Starts orientation tracking (calls nest: each needs an `end…`).
    open func beginGeneratingDeviceOrientationNotifications() {
        generationCount += 1
    }

    /// Ends one `begin…`; extra calls do nothing.
    open func endGeneratingDeviceOrientationNotifications() {
        generationCount = max(0, generationCount - 1)
    }

    /// True: any number of applications run at once.
    open var isMultitaskingSupported: Bool { true }

    /// An identifier stable for this machine and application vendor: derived (hashed, so the machine
    /// id is not disclosed) from /etc/machine-id and the vendor, the first two parts of the bundle
    /// identifier, or the executable's name when there is none. Random per run when the machine has
    /// no machine id.
    open var identifierForVendor: UUID? { UIDevice.vendorIdentifier }

    // MARK: Reading the system

    private static let kernelVersion: String = {
        var u = utsname()
        guard uname(&u) == 0 else { return "0" }
        let release = withUnsafeBytes(of: &u.release) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let numbers = release.prefix(while: { $0.isNumber || $0 == "." })
        let trimmed = numbers.hasSuffix(".") ? String(numbers.dropLast()) : String(numbers)
        return trimmed.isEmpty ? "0" : trimmed
    }()

    private static let vendorIdentifier: UUID? = {
        let machine = (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !machine.isEmpty else { return UUID() }
        let vendor: String
        if let id = Bundle.main.bundleIdentifier, !id.isEmpty {
            vendor = id.split(separator: ".").prefix(2).joined(separator: ".")
        } else {
            vendor = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? ""
        }
        return identifier(hashing: machine + "\u{0}" + vendor)
    }()

    /// A version-4-shaped UUID from two FNV-1a hashes of `text` (stable across runs).
    static func identifier(hashing text: String) -> UUID {
        func fnv(_ seed: UInt64) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
            for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return h
        }
        let a = fnv(0), b = fnv(0x9e37_79b9_7f4a_7c15)
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: a >> (8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: b >> (8 * $0)) }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
