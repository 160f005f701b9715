// `import QuartzCore` in an iOS extension's sources, as written: CALayer, CAShapeLayer and
// CAGradientLayer are MessagesSDK's (docs/DECISIONS.md, "Apple's module names").
@_exported import MessagesSDK
