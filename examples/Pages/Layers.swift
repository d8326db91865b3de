// A view's layer and a sublayer of its own: the layer tree behind every view.
// scripts/play examples/Pages/Layers.swift, then change a value and save.
import UIKit
import PlaygroundSupport

let container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 320))
container.backgroundColor = .systemBackground

// A plain CALayer, added to the view's own layer.
let blue = CALayer()
blue.frame = CGRect(x: 110, y: 110, width: 100, height: 100)
blue.backgroundColor = UIColor.systemBlue.cgColor
blue.cornerRadius = 12
blue.shadowOpacity = 0.4
blue.shadowOffset = CGSize(width: 0, height: 6)
blue.shadowRadius = 8
container.layer.addSublayer(blue)

// Its own sublayer: positioned in the blue layer's coordinates.
let dot = CALayer()
dot.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
dot.position = CGPoint(x: 100, y: 0)  // the blue layer's top-right corner
dot.cornerRadius = 15
dot.backgroundColor = UIColor.systemOrange.cgColor
blue.addSublayer(dot)

PlaygroundPage.current.liveView = container
