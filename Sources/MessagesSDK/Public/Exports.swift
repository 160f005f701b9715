// What `import MessagesSDK` brings, as `import Messages` brings Foundation on iOS: URL, Data,
// CGSize and NSError for the API, and the touch payload's type.
@_exported import Foundation

@_exported import enum MsgHostProtocol.JSONValue
