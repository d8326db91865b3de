import Foundation

/// Active and inactive on a desktop: iOS makes an app inactive when something covers it (a call, the
/// notification centre) and active again after; a Linux window is covered in that sense when another
/// window has the user's focus. So the application is active while one of its windows is the
/// compositor's active window (`xdg_toplevel`'s `activated`), as a Mac Catalyst app is while frontmost,
/// and a scene while one of its windows is. Launch makes the application active at once, as on iOS; a
/// window that was never activated changes nothing until it is. Focus moving between two windows of
/// the application comes as one window's deactivation and the other's activation: resigning waits for
/// the end of the main queue's turn, so that such a move changes nothing.
extension UIApplication {
    /// The compositor made `window` active (`isActive`) or another window active.
    func windowActivationChanged(_ window: UIWindow, isActive: Bool) {
        guard isLaunched, !isTerminating else { return }
        let id = ObjectIdentifier(window)
        if isActive {
            activatedWindows.insert(id)
            updateActivation()
        } else {
            activatedWindows.remove(id)
            DispatchQueue.main.async { MainActor.assumeIsolated { self.updateActivation() } }
        }
    }

    /// Makes the application and its scenes active or inactive as their windows are.
    private func updateActivation() {
        guard isLaunched, !isTerminating else { return }
        for case let scene as UIWindowScene in connectedScenes {
            let sceneActive = scene.windows.contains { activatedWindows.contains(ObjectIdentifier($0)) }
            // A scene none of whose windows was ever activated is left as launch made it.
            guard sceneActive || scene.wasActivated else { continue }
            scene.wasActivated = true
            if sceneActive, scene.activationState == .foregroundInactive {
                scene.activationState = .foregroundActive
                scene.delegate?.sceneDidBecomeActive(scene)
                NotificationCenter.default.post(name: UIScene.didActivateNotification, object: scene)
            } else if !sceneActive, scene.activationState == .foregroundActive {
                scene.activationState = .foregroundInactive
                NotificationCenter.default.post(name: UIScene.willDeactivateNotification, object: scene)
                scene.delegate?.sceneWillResignActive(scene)
            }
        }
        if !activatedWindows.isEmpty, applicationState == .inactive {
            applicationState = .active
            delegate?.applicationDidBecomeActive(self)
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: self)
        } else if activatedWindows.isEmpty, applicationState == .active {
            applicationState = .inactive
            delegate?.applicationWillResignActive(self)
            NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: self)
        }
    }
}
