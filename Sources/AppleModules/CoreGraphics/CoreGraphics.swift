// `import CoreGraphics` in an iOS extension's sources, as written: Foundation has CGFloat,
// CGPoint, CGSize and CGRect on Linux, and MessagesSDK has CGContext, CGColor, CGImage and
// CGAffineTransform (docs/DECISIONS.md, "Apple's module names").
@_exported import MessagesSDK
