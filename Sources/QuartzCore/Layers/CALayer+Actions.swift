import CoreGraphics
import Foundation

extension CALayer {
    /// The properties whose change has an implicit animation (Core Animation's animatable
    /// properties; `hidden`, `doubleSided` and `shouldRasterize` change discretely).
    static let implicitlyAnimatedKeys: Set<String> = [
        "anchorPoint", "anchorPointZ", "backgroundColor", "borderColor", "borderWidth", "bounds", "contents",
        "contentsRect", "contentsCenter", "contentsScale", "cornerRadius", "opacity", "position", "zPosition",
        "rasterizationScale", "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath", "shadowRadius",
        "sublayerTransform", "transform", "minificationFilterBias",
    ]

    func searchAction(forKey event: String) -> CAAction? {
        // Stages 1–4: nil continues the search, NSNull ends it with no action.
        if let delegate, let action = delegate.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] {
            return action is NSNull ? nil : action
        }
        if let action = Self.styleAction(style, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = type(of: self).defaultAction(forKey: event) {
            return action is NSNull ? nil : action
        }
        return builtInAction(forKey: event)
    }

    /// `style["actions"][event]`, then the same in `style["style"]`, recursively.
    private static func styleAction(_ style: [AnyHashable: Any]?, forKey event: String) -> CAAction? {
        guard let style else { return nil }
        if let actions = style["actions"] as? [AnyHashable: Any], let action = actions[event] as? CAAction {
            return action
        }
        return styleAction(style["style"] as? [AnyHashable: Any], forKey: event)
    }

    /// Core Animation's own action: a basic animation of an animatable property, with the
    /// transaction's timing function (or the default one) and duration.
    private func builtInAction(forKey event: String) -> CAAction? {
        // Custom properties have no implicit animation: their class or delegate supplies one.
        guard type(of: self).animatesImplicitly(forKey: event) else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Runs the action for a property change, as Core Animation does: not for a presentation copy,
    /// not when the transaction disables actions, only in a rendered tree.
    func runActionForChange(ofKey key: String, oldValue: Any?) {
        guard !CATransaction.disableActions(), isInRenderedTree else { return }
        if previousPresentationValues[key] == nil {
            if previousPresentationValues.isEmpty { CATransaction.layerHoldsPreviousValues(self) }
            previousPresentationValues[key] = presentationValue(forKey: key, modelValue: oldValue)
        }
        // The search happens before the change, as on Apple platforms: a delegate or subclass asked
        // for the action reads the old value from the layer (Neuburg's waggle reads the old position);
        // the action then runs with the new value in place.
        guard !isPresentationCopy else { return }
        let action = showingModelValue(oldValue, forKey: key) { self.action(forKey: key) }
        action?.run(forKey: key, object: self, arguments: nil)
    }

    /// `body`'s result with the model holding `oldValue` for `key` meanwhile (nothing recorded).
    private func showingModelValue<T>(_ oldValue: Any?, forKey key: String, _ body: () -> T) -> T {
        let saved = properties
        defer { properties = saved }
        if case .notAProperty = properties.setValue(oldValue, forKey: key) {
            if let oldValue { properties.extraValues[key] = oldValue } else { properties.extraValues.removeValue(forKey: key) }
        }
        return body()
    }

    /// Runs the action for a non-property event (`kCAOnOrderIn`, `kCAOnOrderOut`, `kCATransition`).
    func runAction(forKey event: String) {
        guard !isPresentationCopy, !CATransaction.disableActions(), isInRenderedTree else { return }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }

    /// What the screen shows for `key` now, had the model still held `modelValue`: the running
    /// animations applied to that value.
    func presentationValue(forKey key: String, modelValue: Any?) -> Any? {
        guard attachedAnimations.contains(where: { ($0.animation as? CAPropertyAnimation)?.keyPath?.hasPrefix(key) ?? true })
        else { return modelValue }
        let cls = type(of: self)
        var values = properties
        values.setValue(modelValue, forKey: key, defaults: cls)
        let model = values
        let local = localTime(fromMediaTime: CACurrentMediaTime())
        withUnsafePointer(to: model) { model in
            _ = AnimationEvaluator.apply(attachedAnimations, model: model, layerClass: cls, to: &values, atLocalTime: local)
        }
        return values.value(forKey: key, defaults: cls)
    }
}
