// `import SpriteKit` in an iOS extension's sources, as written: MessagesSDK has the SpriteKit
// subset games in Messages use (Sources/MessagesSDK/SpriteKit; docs/DECISIONS.md, "Apple's
// module names").
@_exported import MessagesSDK
