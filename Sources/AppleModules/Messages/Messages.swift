// `import Messages` in an iOS extension's sources, as written: MessagesSDK is Messages.framework
// here (docs/DECISIONS.md, "Apple's module names").
@_exported import MessagesSDK
