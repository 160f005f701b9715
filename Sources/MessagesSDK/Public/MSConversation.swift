import Foundation
import MsgHostProtocol

/// `MSConversation`: the conversation the app is presented in, as this install sees it.
///
/// The host supplies it with every callback that concerns a conversation; apps never make one.
/// It is a snapshot (`selectedMessage` is what it was when the callback came) bound to the
/// view controller's instance, and it is how the app puts things in the conversation:
/// `insert…` stages an item in the input field (the user taps Send), `send…` sends at once
/// and is allowed once per user touch while the app is visible.
///
/// Every method can be called from any thread; requests are queued to the connection's
/// thread in call order. Completion handlers run on a background queue, as in Messages,
/// with nil or an `NSError` (`MSMessagesErrorDomain` codes as in `MSMessageErrorCode`).
open class MSConversation: NSObject, @unchecked Sendable {
    /// Unchecked Sendable: every stored property is immutable, and requests go through the
    /// thread-safe connection. (`selectedMessage` itself is mutable; do not share it across threads.)
    public let localParticipantIdentifier: UUID
    public let remoteParticipantIdentifiers: [UUID]
    public let selectedMessage: MSMessage?

    let instance: String
    let connection: HostConnection?

    /// Completion handlers run here: one serial background queue, so they run in reply order.
    static let completionQueue = DispatchQueue(label: "MessagesSDK.completion")

    init(_ value: ConversationValue, instance: String, connection: HostConnection?) {
        self.localParticipantIdentifier = WireMapping.uuid(value.localParticipantIdentifier)
        self.remoteParticipantIdentifiers = value.remoteParticipantIdentifiers.map(WireMapping.uuid)
        self.selectedMessage = value.selectedMessage.map(WireMapping.message(from:))
        self.instance = instance
        self.connection = connection
        super.init()
    }

    // MARK: Insert (iOS 10): staged in the input field until the user taps Send

    open func insert(_ message: MSMessage, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        self.message(.insertMessage, message, completionHandler)
    }

    open func insert(_ sticker: MSSticker, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        self.sticker(.insertSticker, sticker, completionHandler)
    }

    open func insertText(_ text: String, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        self.request(.insertText, TextRequestBody(instance: self.instance, text: text), completionHandler)
    }

    open func insertAttachment(
        _ URL: URL, withAlternateFilename filename: String?,
        completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        self.request(
            .insertAttachment,
            AttachmentRequestBody(instance: self.instance, url: URL.absoluteString, alternateFilename: filename),
            completionHandler)
    }

    // MARK: Send (iOS 11): at once, once per touch, while visible (else codes 9, 10, 11)

    open func send(_ message: MSMessage, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        self.message(.sendMessage, message, completionHandler)
    }

    open func send(_ sticker: MSSticker, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        self.sticker(.sendSticker, sticker, completionHandler)
    }

    open func sendText(_ text: String, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        self.request(.sendText, TextRequestBody(instance: self.instance, text: text), completionHandler)
    }

    open func sendAttachment(
        _ URL: URL, withAlternateFilename filename: String?,
        completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        self.request(
            .sendAttachment,
            AttachmentRequestBody(instance: self.instance, url: URL.absoluteString, alternateFilename: filename),
            completionHandler)
    }

    // MARK: Requests

    private func message(_ type: RequestType, _ message: MSMessage, _ completion: (@Sendable ((any Error)?) -> Void)?) {
        do {
            let (value, buffers) = try WireMapping.value(of: message)
            self.request(
                type, MessageRequestBody(instance: self.instance, message: value), buffers: buffers, completion)
        } catch {
            Self.complete(completion, error)
        }
    }

    private func sticker(_ type: RequestType, _ sticker: MSSticker, _ completion: (@Sendable ((any Error)?) -> Void)?) {
        let value = StickerValue(
            url: sticker.imageFileURL.absoluteString, localizedDescription: sticker.localizedDescription)
        self.request(type, StickerRequestBody(instance: self.instance, sticker: value), completion)
    }

    private func request(
        _ type: RequestType, _ body: some Encodable, buffers: [[UInt8]] = [],
        _ completion: (@Sendable ((any Error)?) -> Void)?
    ) {
        guard let connection = self.connection else {
            return Self.complete(
                completion, NSError(messages: .unknown, "this conversation is not connected to a host"))
        }
        connection.request(type, body: WireJSON.encode(body), buffers: buffers) { result in
            switch result {
            case .success: Self.complete(completion, nil)
            case .failure(let error): Self.complete(completion, NSError(wire: error))
            }
        }
    }

    static func complete(_ completion: (@Sendable ((any Error)?) -> Void)?, _ error: (any Error)?) {
        guard let completion else { return }
        Self.completionQueue.async { completion(error) }
    }
}
