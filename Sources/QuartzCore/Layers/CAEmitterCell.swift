import CoreGraphics
import Foundation

/// One kind of particle a `CAEmitterLayer` emits: where it goes, how long it lives, how it looks and
/// how its colour, size and angle change while it lives. A cell's particles can emit particles of
/// their own (`emitterCells`).
///
/// Its values are plain data (`EmitterCellValues`); a layer keeps a copy of them taken when its
/// `emitterCells` is set, so (as on Apple platforms) changing a cell already handed to a layer
/// changes nothing until the layer is given it again or is changed through its key paths
/// (`emitterCells.<name>.<key>`), which also animate.
open class CAEmitterCell: NSObject, CAMediaTiming {
    /// The values, children excepted (they are `emitterCells`' own).
    var values = EmitterCellValues()
    /// Keys that are not properties, stored as given.
    var extraValues: [String: Any] = [:]

    public override init() {
        super.init()
    }

    /// Cells are not archived on Linux: this gives a cell with the default values (it exists so that
    /// code written for Apple platforms compiles unchanged).
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// A cell showing `values` (and their children as cells).
    convenience init(values: EmitterCellValues) {
        self.init()
        self.values = values
        self.values.children = nil
        emitterCells = values.children?.map { CAEmitterCell(values: $0) }
    }

    /// How deep sub-cells are kept (a cell among its own descendants would otherwise never end).
    static let maxDepth = 8

    /// The values of this cell and its children (to `maxDepth` levels), as a layer keeps them.
    func snapshot(depth: Int = 1) -> EmitterCellValues {
        var v = values
        v.children = depth < Self.maxDepth ? emitterCells?.map { $0.snapshot(depth: depth + 1) } : nil
        v.extraValues = extraValues
        return v
    }

    /// The class's default for `key` (nil for unknown keys and for those whose default is nil).
    open class func defaultValue(forKey key: String) -> Any? {
        key == "emitterCells" ? nil : EmitterCellValues().value(forKey: key) ?? nil
    }

    /// Whether `key` is archived (true for every key; cells are not archived on Linux).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The property `key` boxed as its own Swift type (`Float`, `CGFloat`, `Bool`, `CGRect`, `CGColor`,
    /// `String`, ...); other keys read what `setValue(_:forKey:)` stored, then the class's default.
    open func value(forKey key: String) -> Any? {
        if key == "emitterCells" { return emitterCells }
        if key == "style" { return style }
        if let v = values.value(forKey: key) { return v }
        return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets the property `key` from any numeric type (or its own type); NaN, infinities and values
    /// of the wrong type are ignored. Other keys are stored as given (nil removes them).
    open func setValue(_ value: Any?, forKey key: String) {
        if key == "emitterCells" {
            if let cells = KeyedValue.optional(value, as: [CAEmitterCell].self) { emitterCells = cells }
            return
        }
        if key == "style" {
            if let s = KeyedValue.optional(value, as: [AnyHashable: Any].self) { style = s }
            return
        }
        switch values.setValue(value, forKey: key) {
        case .set, .ignored: return
        case .notAProperty:
            if let v = KeyedValue.unwrap(value) { extraValues[key] = v } else { extraValues.removeValue(forKey: key) }
        }
    }

    /// The value at a dot-separated path: a key, or `emitterCells.<name>.<key>` of a child, or a
    /// member of a struct value ("contentsRect.size.width").
    open func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3, parts[0] == "emitterCells" {
            return emitterCells?.first { $0.name == parts[1] }?.value(forKeyPath: parts[2...].joined(separator: "."))
        }
        return KeyedValue.member(parts.dropFirst(), of: value(forKey: parts[0]))
    }

    /// Sets the value at a dot-separated path (see `value(forKeyPath:)`).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3, parts[0] == "emitterCells" {
            emitterCells?.first { $0.name == parts[1] }?.setValue(value, forKeyPath: parts[2...].joined(separator: "."))
            return
        }
        guard parts.count > 1 else { return setValue(value, forKey: keyPath) }
        guard let current = self.value(forKey: parts[0]),
              let updated = KeyedValue.replacingMember(parts.dropFirst(), of: current, with: value) else { return }
        setValue(updated, forKey: parts[0])
    }

    // MARK: Properties

    /// The name by which key paths reach the cell (`emitterCells.<name>.…`); default nil.
    open var name: String? {
        get { values.name }
        set { values.name = newValue }
    }

    /// Whether the cell emits (default true).
    open var isEnabled: Bool {
        get { values.isEnabled }
        set { values.isEnabled = newValue }
    }

    /// Particles emitted per second (default 0), multiplied by the layer's `birthRate`.
    open var birthRate: Float {
        get { values.birthRate }
        set { setValue(newValue, forKey: "birthRate") }
    }

    /// Seconds a particle lives (default 0), multiplied by the layer's `lifetime`.
    open var lifetime: Float {
        get { values.lifetime }
        set { setValue(newValue, forKey: "lifetime") }
    }

    /// How much a particle's lifetime may differ from `lifetime`, either way (default 0).
    open var lifetimeRange: Float {
        get { values.lifetimeRange }
        set { setValue(newValue, forKey: "lifetimeRange") }
    }

    /// The angle of the emission direction out of the xy-plane, towards +z, radians (default 0).
    open var emissionLatitude: CGFloat {
        get { values.emissionLatitude }
        set { setValue(newValue, forKey: "emissionLatitude") }
    }

    /// The angle of the emission direction in the xy-plane from +x (towards +y, down), radians (default 0).
    open var emissionLongitude: CGFloat {
        get { values.emissionLongitude }
        set { setValue(newValue, forKey: "emissionLongitude") }
    }

    /// The full angle of the cone around the emission direction in which particles leave, radians
    /// (default 0: all along it; 2π: every direction).
    open var emissionRange: CGFloat {
        get { values.emissionRange }
        set { setValue(newValue, forKey: "emissionRange") }
    }

    /// The initial speed, points per second (default 0), multiplied by the layer's `velocity`.
    open var velocity: CGFloat {
        get { values.velocity }
        set { setValue(newValue, forKey: "velocity") }
    }

    open var velocityRange: CGFloat {
        get { values.velocityRange }
        set { setValue(newValue, forKey: "velocityRange") }
    }

    /// Constant accelerations, points per second squared (default 0; +y is down).
    open var xAcceleration: CGFloat {
        get { values.xAcceleration }
        set { setValue(newValue, forKey: "xAcceleration") }
    }

    open var yAcceleration: CGFloat {
        get { values.yAcceleration }
        set { setValue(newValue, forKey: "yAcceleration") }
    }

    open var zAcceleration: CGFloat {
        get { values.zAcceleration }
        set { setValue(newValue, forKey: "zAcceleration") }
    }

    /// The size factor of the contents (default 1), its spread and its change per second.
    open var scale: CGFloat {
        get { values.scale }
        set { setValue(newValue, forKey: "scale") }
    }

    open var scaleRange: CGFloat {
        get { values.scaleRange }
        set { setValue(newValue, forKey: "scaleRange") }
    }

    open var scaleSpeed: CGFloat {
        get { values.scaleSpeed }
        set { setValue(newValue, forKey: "scaleSpeed") }
    }

    /// Rotation, radians per second (default 0), and its spread.
    open var spin: CGFloat {
        get { values.spin }
        set { setValue(newValue, forKey: "spin") }
    }

    open var spinRange: CGFloat {
        get { values.spinRange }
        set { setValue(newValue, forKey: "spinRange") }
    }

    /// The colour the contents are multiplied by (default opaque white).
    open var color: CGColor? {
        get { values.color }
        set { values.color = newValue }
    }

    /// How much each colour component may differ from `color`'s, either way (default 0).
    open var redRange: Float {
        get { values.redRange }
        set { setValue(newValue, forKey: "redRange") }
    }

    open var greenRange: Float {
        get { values.greenRange }
        set { setValue(newValue, forKey: "greenRange") }
    }

    open var blueRange: Float {
        get { values.blueRange }
        set { setValue(newValue, forKey: "blueRange") }
    }

    open var alphaRange: Float {
        get { values.alphaRange }
        set { setValue(newValue, forKey: "alphaRange") }
    }

    /// How fast each colour component changes, per second (default 0); components stay in 0...1.
    open var redSpeed: Float {
        get { values.redSpeed }
        set { setValue(newValue, forKey: "redSpeed") }
    }

    open var greenSpeed: Float {
        get { values.greenSpeed }
        set { setValue(newValue, forKey: "greenSpeed") }
    }

    open var blueSpeed: Float {
        get { values.blueSpeed }
        set { setValue(newValue, forKey: "blueSpeed") }
    }

    open var alphaSpeed: Float {
        get { values.alphaSpeed }
        set { setValue(newValue, forKey: "alphaSpeed") }
    }

    /// The particle's picture (a `CGImage`; default nil: the particle draws nothing).
    open var contents: Any? {
        get { values.contents }
        set { values.contents = KeyedValue.unwrap(newValue) }
    }

    /// The part of `contents` drawn, in unit coordinates (default the unit rectangle).
    open var contentsRect: CGRect {
        get { values.contentsRect }
        set { setValue(newValue, forKey: "contentsRect") }
    }

    /// Pixels of `contents` per point (default 1).
    open var contentsScale: CGFloat {
        get { values.contentsScale }
        set { setValue(newValue, forKey: "contentsScale") }
    }

    /// The filters used to draw `contents` smaller or larger (default "linear", `kCAFilterLinear`).
    open var minificationFilter: String {
        get { values.minificationFilter }
        set { values.minificationFilter = newValue }
    }

    open var magnificationFilter: String {
        get { values.magnificationFilter }
        set { values.magnificationFilter = newValue }
    }

    open var minificationFilterBias: Float {
        get { values.minificationFilterBias }
        set { setValue(newValue, forKey: "minificationFilterBias") }
    }

    /// Cells whose particles each particle of this cell emits (default nil): from where it is, their
    /// emission angles relative to the way it is going, their colour and scale multiplied by its.
    open var emitterCells: [CAEmitterCell]?

    /// A dictionary of default values by key (default nil); kept, but not consulted for defaults.
    open var style: [AnyHashable: Any]?

    // MARK: CAMediaTiming (the emission's timing: a top-level cell's in the layer's time, a
    // child's in the age of the particle that emits it). Setting NaN (or an infinite speed, time
    // offset or begin time) is ignored with a warning, as for animations (`TimingValueCheck`).

    /// When emission starts (default 0).
    open var beginTime: CFTimeInterval {
        get { values.beginTime }
        set { if TimingValueCheck.accepts(newValue, "CAEmitterCell.beginTime") { values.beginTime = newValue } }
    }

    /// How long emission lasts once begun (default 0: for ever).
    open var duration: CFTimeInterval {
        get { values.duration }
        set { if TimingValueCheck.accepts(newValue, "CAEmitterCell.duration", allowsInfinity: true) { values.duration = newValue } }
    }

    /// How fast the emission's time runs (default 1; 0 or less: nothing is emitted).
    open var speed: Float {
        get { values.speed }
        set { if TimingValueCheck.accepts(newValue, "CAEmitterCell.speed") { values.speed = newValue } }
    }

    open var timeOffset: CFTimeInterval {
        get { values.timeOffset }
        set { if TimingValueCheck.accepts(newValue, "CAEmitterCell.timeOffset") { values.timeOffset = newValue } }
    }

    open var repeatCount: Float {
        get { values.repeatCount }
        set { if TimingValueCheck.accepts(newValue, "CAEmitterCell.repeatCount", allowsInfinity: true) { values.repeatCount = newValue } }
    }

    open var repeatDuration: CFTimeInterval {
        get { values.repeatDuration }
        set {
            if TimingValueCheck.accepts(newValue, "CAEmitterCell.repeatDuration", allowsInfinity: true) { values.repeatDuration = newValue }
        }
    }

    open var autoreverses: Bool {
        get { values.autoreverses }
        set { values.autoreverses = newValue }
    }

    open var fillMode: CAMediaTimingFillMode {
        get { values.fillMode }
        set { values.fillMode = newValue }
    }
}
