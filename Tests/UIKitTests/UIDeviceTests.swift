import Foundation
@testable import UIKit
import XCTest

/// The device description and the screen.
final class UIDeviceTests: XCTestCase {
    func testTheDeviceDescribesALinuxMachine() { MainActor.assumeIsolated {
        let device = UIDevice.current
        XCTAssertTrue(device === UIDevice.current)
        XCTAssertEqual(device.systemName, "Linux")
        XCTAssertFalse(device.name.isEmpty)
        XCTAssertEqual(device.userInterfaceIdiom, .pad)
        XCTAssertTrue(device.isMultitaskingSupported)
        XCTAssertEqual(device.model, "PC")
        // The version is numbers and dots, as the kernel's release begins.
        let version = device.systemVersion
        XCTAssertFalse(version.isEmpty)
        XCTAssertTrue(version.allSatisfy { $0.isNumber || $0 == "." }, version)
        XCTAssertFalse(version.hasSuffix("."))
        var u = utsname()
        uname(&u)
        let release = withUnsafeBytes(of: &u.release) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        XCTAssertTrue(release.hasPrefix(version), "\(release) begins with \(version)")
        XCTAssertEqual(version.compare("2.6", options: .numeric), .orderedDescending)
    } }

    func testOrientationIsUnknownUntilNotificationsAreGenerated() { MainActor.assumeIsolated {
        let device = UIDevice.current
        XCTAssertEqual(device.orientation, .unknown)
        XCTAssertFalse(device.isGeneratingDeviceOrientationNotifications)
        device.beginGeneratingDeviceOrientationNotifications()
        device.beginGeneratingDeviceOrientationNotifications()
        XCTAssertEqual(device.orientation, .portrait)
        XCTAssertTrue(device.orientation.isPortrait)
        XCTAssertTrue(device.orientation.isValidInterfaceOrientation)
        device.endGeneratingDeviceOrientationNotifications()
        XCTAssertTrue(device.isGeneratingDeviceOrientationNotifications, "begin calls nest")
        device.endGeneratingDeviceOrientationNotifications()
        device.endGeneratingDeviceOrientationNotifications()
        XCTAssertEqual(device.orientation, .unknown)
        XCTAssertFalse(UIDeviceOrientation.faceUp.isValidInterfaceOrientation)
        XCTAssertTrue(UIDeviceOrientation.landscapeLeft.isLandscape)
    } }

    func testTheVendorIdentifierIsStable() { MainActor.assumeIsolated {
        let id = UIDevice.current.identifierForVendor
        XCTAssertNotNil(id)
        XCTAssertEqual(id, UIDevice.current.identifierForVendor)
        XCTAssertEqual(UIDevice.identifier(hashing: "a"), UIDevice.identifier(hashing: "a"))
        XCTAssertNotEqual(UIDevice.identifier(hashing: "a"), UIDevice.identifier(hashing: "b"))
        let text = UIDevice.identifier(hashing: "x").uuidString
        XCTAssertEqual(Array(text)[14], "4", "version 4 layout: \(text)")
        if let machine = try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8) {
            XCTAssertFalse(id!.uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                .contains(machine.trimmingCharacters(in: .whitespacesAndNewlines)), "the machine id is not disclosed")
        }
    } }

    func testTheScreenReportsScaleAndBounds() { MainActor.assumeIsolated {
        let screen = UIScreen.main
        XCTAssertEqual(screen.nativeScale, screen.scale)
        XCTAssertEqual(screen.nativeBounds.width, screen.bounds.width * screen.scale)
        screen.overrideScale(2)
        XCTAssertEqual(screen.traitCollection.displayScale, 2)
        screen.overrideScale(nil)
    } }
}
