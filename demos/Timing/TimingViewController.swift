import Foundation
import QuartzCore
import UIKit

/// Lockwood's listing 9.3 with Apple's listings 5-3 and 5-4: the ship on the chapter 8 curve in a
/// white 300-point container, two sliders (speed 0...2, timeOffset 0...1) with their values, and
/// Play, which adds a 1-s keyframe animation along the curve (rotationMode auto, not removed on
/// completion, key "slide") with the sliders' speed and timeOffset. Local time follows Apple's
/// formula, (parent time - beginTime) × speed + timeOffset: speed 1 and offset 0.5 start at the
/// curve's midpoint and wrap round (the book's "speed 2 skips to the end" does not follow it).
/// Space pauses and resumes the ship layer by Apple's recipe: pausedTime = its local time
/// (`convertTime(CACurrentMediaTime(), from: nil)`), speed 0, timeOffset = pausedTime; then speed 1,
/// timeOffset 0, beginTime 0, beginTime = local time - pausedTime.
final class TimingViewController: UIViewController, DemoActionScreen {
    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let speedSlider = UISlider(frame: CGRect(x: 0, y: 0, width: 180, height: 30))
    let timeOffsetSlider = UISlider(frame: CGRect(x: 0, y: 0, width: 180, height: 30))
    let speedLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 20))
    let timeOffsetLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 20))
    let playButton = UIButton(type: .system)
    private var bezierPath = UIBezierPath()
    let shipLayer = CALayer()
    private let initialSpeed: Float, initialTimeOffset: Float

    init(speed: Float, timeOffset: Float) {
        initialSpeed = speed
        initialTimeOffset = timeOffset
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.8, alpha: 1)
        DemoCaption.add(to: view).string = "Listing 9.3: speed and timeOffset (Space: pause)"
        containerView.backgroundColor = .white
        view.addSubview(containerView)
        // The path, drawn by a shape layer.
        bezierPath.move(to: CGPoint(x: 0, y: 150))
        bezierPath.addCurve(to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0),
                            controlPoint2: CGPoint(x: 225, y: 300))
        let pathLayer = CAShapeLayer()
        pathLayer.path = bezierPath.cgPath
        pathLayer.fillColor = UIColor.clear.cgColor
        pathLayer.strokeColor = UIColor.red.cgColor
        pathLayer.lineWidth = 3.0
        containerView.layer.addSublayer(pathLayer)
        // The ship.
        shipLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        shipLayer.position = CGPoint(x: 0, y: 150)
        let ship = ShipLayerArt.ship(side: 64)
        shipLayer.contents = ship.cgImage
        shipLayer.contentsScale = ship.scale
        containerView.layer.addSublayer(shipLayer)

        speedSlider.maximumValue = 2
        speedSlider.value = initialSpeed
        timeOffsetSlider.value = initialTimeOffset
        for slider in [speedSlider, timeOffsetSlider] {
            slider.addAction(UIAction { [weak self] _ in self?.updateSliders() }, for: .valueChanged)
            view.addSubview(slider)
        }
        for label in [speedLabel, timeOffsetLabel] {
            label.font = .systemFont(ofSize: 15)
            view.addSubview(label)
        }
        playButton.setTitle("Play", for: .normal)
        playButton.sizeToFit()
        playButton.addAction(UIAction { [weak self] _ in self?.play() }, for: .touchUpInside)
        view.addSubview(playButton)
        // Set the labels to the starting values.
        updateSliders()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        containerView.frame.origin = CGPoint(x: (view.bounds.width - 300) / 2, y: 30)
        let left = containerView.frame.minX
        for (k, (slider, label)) in [(speedSlider, speedLabel), (timeOffsetSlider, timeOffsetLabel)].enumerated() {
            let y = containerView.frame.maxY + 25 + CGFloat(k) * 36
            label.frame.origin = CGPoint(x: left, y: y - 10)
            slider.frame = CGRect(x: left + 130, y: y - 15, width: 170, height: 30)
        }
        playButton.center = CGPoint(x: view.bounds.midX, y: containerView.frame.maxY + 110)
    }

    func updateSliders() {
        let timeOffset = CFTimeInterval(timeOffsetSlider.value)
        timeOffsetLabel.text = String(format: "timeOffset %.2f", timeOffset)
        let speed = speedSlider.value
        speedLabel.text = String(format: "speed %.2f", speed)
    }

    func play() {
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position"
        animation.timeOffset = CFTimeInterval(timeOffsetSlider.value)
        animation.speed = speedSlider.value
        animation.duration = 1.0
        animation.path = bezierPath.cgPath
        animation.rotationMode = .rotateAuto
        animation.isRemovedOnCompletion = false
        shipLayer.add(animation, forKey: "slide")
    }

    /// Apple's listing 5-4, on the ship layer.
    func pauseLayer(_ layer: CALayer) {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0.0
        layer.timeOffset = pausedTime
        demoLog(String(format: "paused at local time %.3f", pausedTime))
    }

    func resumeLayer(_ layer: CALayer) {
        let pausedTime = layer.timeOffset
        layer.speed = 1.0
        layer.timeOffset = 0.0
        layer.beginTime = 0.0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
        demoLog(String(format: "resumed after %.3f s", timeSincePause))
    }

    /// Space: pause or resume the ship.
    func togglePause() {
        shipLayer.speed == 0 ? resumeLayer(shipLayer) : pauseLayer(shipLayer)
    }

    // Pausing and resuming the ship on Space; a snapshot's script does it at its own times.
    var runsActionWhenShown: Bool { false }
    var snapshotActionTimes: [CFTimeInterval] { [] }

    func performAction() { togglePause() }
}
