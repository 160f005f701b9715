// An extension's imports as iOS sources write them: that this builds is the test (Package.swift,
// target AppleImports). Each line uses something of the module it imports.
import CoreGraphics
import Messages
import QuartzCore
import SpriteKit
import UIKit

let point = CGPoint(x: 1, y: 2)
let layer = CAShapeLayer()
let scene = SKScene(size: CGSize(width: 10, height: 10))
let layout = MSMessageTemplateLayout()
MSExtensionMain.run { MSMessagesAppViewController() }
