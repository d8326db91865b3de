import SwiftSyntax

/// Target-action for the page's own classes. On Apple's platforms `#selector(changeColor)` names an
/// Objective-C method that UIKit sends to any target; on Linux a control's or recognizer's target
/// adopts `UIControlTarget`/`UIGestureRecognizerTarget` and is handed the `Selector`. For each class of
/// the page with `@objc` or `@IBAction` methods (and no such conformance of its own, nor a superclass of
/// the page that gets one), this writes that conformance: an extension that calls the method whose
/// Objective-C selector is the one sent, with the sender (and the event) as its arguments.
enum ActionTargets {
    static func extensions(for tree: SourceFileSyntax) -> String {
        var classes: [(name: String, inherits: [String], methods: [FunctionDeclSyntax])] = []
        for item in tree.statements {
            guard case .decl(let decl) = item.item, let type = decl.as(ClassDeclSyntax.self) else { continue }
            let inherits = type.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            let methods = type.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.filter { method in
                method.attributes.contains { attribute in
                    guard case .attribute(let a) = attribute,
                          let name = a.attributeName.as(IdentifierTypeSyntax.self)?.name.text else { return false }
                    return name == "objc" || name == "IBAction"
                } && method.modifiers.allSatisfy { $0.name.tokenKind != .keyword(.static) && $0.name.tokenKind != .keyword(.class) }
            }
            classes.append((type.name.text, inherits, methods))
        }
        let targets = Set(classes.filter { !$0.methods.isEmpty }.map(\.name))
        var out = ""
        for type in classes where !type.methods.isEmpty {
            let adopted = ["UIControlTarget", "UIGestureRecognizerTarget"]
            if type.inherits.contains(where: { adopted.contains($0) || targets.contains($0) }) { continue }
            out += "extension \(type.name): UIControlTarget, UIGestureRecognizerTarget {\n"
            out += "    func perform(_ action: Selector, sender: Any?, event: UIEvent?) { __playPerform(action, sender, event) }\n"
            out += "    func gestureRecognizerDidFire(_ gestureRecognizer: UIGestureRecognizer, action: Selector) {\n"
            out += "        __playPerform(action, gestureRecognizer, nil)\n    }\n"
            out += "    private func __playPerform(_ action: Selector, _ sender: Any?, _ event: UIEvent?) {\n"
            out += "        switch action.description {\n"
            for method in type.methods {
                let parameters = Array(method.signature.parameterClause.parameters)
                guard parameters.count <= 2 else { continue }
                let selector = ObjCEdits.selectorName(method: method)
                let arguments = parameters.enumerated().map { i, parameter -> String in
                    let label = parameter.firstName.text == "_" ? "" : parameter.firstName.text + ": "
                    return label + cast(i == 0 ? "sender" : "event", to: parameter.type)
                }
                out += "        case \"\(selector)\": \(method.name.text)(\(arguments.joined(separator: ", ")))\n"
            }
            out += "        default: break\n        }\n    }\n}\n"
        }
        return out
    }

    /// `value` (an `Any?`) as an argument of `type`.
    private static func cast(_ value: String, to type: TypeSyntax) -> String {
        let spelled = type.trimmedDescription
        if spelled == "Any" { return "\(value) as Any" }
        if spelled == "Any?" { return value }
        if let optional = type.as(OptionalTypeSyntax.self) { return "\(value) as? \(optional.wrappedType.trimmedDescription)" }
        return "\(value) as! \(spelled)"
    }
}

extension ObjCEdits {
    /// The Objective-C selector of a method declaration: `tapped()` → `tapped`, `tapped(_ s: Any)` →
    /// `tapped:`, `move(to p: CGPoint, animated: Bool)` → `moveTo:animated:`.
    static func selectorName(method: FunctionDeclSyntax) -> String {
        let labels = method.signature.parameterClause.parameters.map(\.firstName.text)
        return selectorName(base: method.name.text, labels: labels)
    }

    static func selectorName(base: String, labels: [String]) -> String {
        guard !labels.isEmpty else { return base }
        var parts: [String] = []
        for (i, label) in labels.enumerated() {
            if i == 0 {
                parts.append(label == "_" ? base : base + label.prefix(1).uppercased() + label.dropFirst())
            } else {
                parts.append(label == "_" ? "" : label)
            }
        }
        return parts.map { $0 + ":" }.joined()
    }
}
