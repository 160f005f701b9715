// `import UIKit` in an iOS extension's sources, as written: Linux has no UIKit, and
// MessagesSDK has UIKit's classes under their own names (docs/DECISIONS.md, "Apple's module
// names").
@_exported import MessagesSDK
