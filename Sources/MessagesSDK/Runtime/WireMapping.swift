import Foundation
import MsgHostProtocol

/// Between the Apple-shaped classes and the wire values of PROTOCOL.md §5.
enum WireMapping {
    /// A message to send: its wire value and the binary frames its layout image travels in.
    /// Throws `fileNotFound`/`fileUnreadable` when an `imageFileURL` cannot be read, before
    /// anything reaches the host.
    static func value(of message: MSMessage) throws -> (MessageValue, buffers: [[UInt8]]) {
        var buffers: [[UInt8]] = []
        func template(_ layout: MSMessageTemplateLayout) throws -> TemplateLayoutValue {
            var value = TemplateLayoutValue(
                caption: layout.caption, subcaption: layout.subcaption, trailingCaption: layout.trailingCaption,
                trailingSubcaption: layout.trailingSubcaption, imageTitle: layout.imageTitle,
                imageSubtitle: layout.imageSubtitle,
                mediaFileURL: layout.mediaFileURL?.absoluteString)
            if layout.hasImage {
                guard let bytes = layout.imageBytes else {
                    let path = layout.imageFileURL?.path ?? "?"
                    let missing = !FileManager.default.fileExists(atPath: path)
                    throw NSError(
                        messages: missing ? .fileNotFound : .fileUnreadable,
                        "layout image file \(path) could not be read")
                }
                value.image = FrameReference(frame: buffers.count)
                buffers.append(Array(bytes))
            }
            return value
        }
        let layout: LayoutValue? =
            switch message.layout {
            case let live as MSMessageLiveLayout: .live(alternateLayout: try template(live.alternateLayout))
            case let plain as MSMessageTemplateLayout: .template(try template(plain))
            default: nil
            }
        let value = MessageValue(
            url: message.url?.absoluteString, session: message.session?.identifier, summaryText: message.summaryText,
            accessibilityLabel: message.accessibilityLabel, shouldExpire: message.shouldExpire, layout: layout)
        return (value, buffers)
    }

    /// A message as the host describes it (a callback, a selected message, a send's reply).
    static func message(from value: MessageValue) -> MSMessage {
        let message = value.session.map { MSMessage(session: MSSession(identifier: $0)) } ?? MSMessage()
        message.url = value.url.flatMap(URL.init(string:))
        message.summaryText = value.summaryText
        message.accessibilityLabel = value.accessibilityLabel
        message.shouldExpire = value.shouldExpire ?? false
        message.isPending = value.isPending ?? false
        if let sender = value.senderParticipantIdentifier.flatMap(UUID.init(uuidString:)) {
            message.senderParticipantIdentifier = sender
        }
        func template(_ value: TemplateLayoutValue) -> MSMessageTemplateLayout {
            let layout = MSMessageTemplateLayout()
            layout.caption = value.caption
            layout.subcaption = value.subcaption
            layout.trailingCaption = value.trailingCaption
            layout.trailingSubcaption = value.trailingSubcaption
            layout.imageTitle = value.imageTitle
            layout.imageSubtitle = value.imageSubtitle
            layout.imageFileURL = value.image?.url.flatMap(URL.init(string:))
            layout.mediaFileURL = value.mediaFileURL.flatMap(URL.init(string:))
            return layout
        }
        switch value.layout {
        case .template(let layout): message.layout = template(layout)
        case .live(let alternate): message.layout = MSMessageLiveLayout(alternateLayout: template(alternate))
        case nil: break
        }
        return message
    }

    /// A participant identifier; a malformed one (never sent by msghostd) becomes the nil UUID.
    static func uuid(_ string: String) -> UUID {
        UUID(uuidString: string) ?? UUID(uuid: UUID.nilBytes)
    }

    static func style(_ style: PresentationStyle) -> MSMessagesAppPresentationStyle {
        MSMessagesAppPresentationStyle(rawValue: UInt(style.rawCode)) ?? .compact
    }

    static func style(_ style: MSMessagesAppPresentationStyle) -> PresentationStyle {
        switch style {
        case .compact: .compact
        case .expanded: .expanded
        case .transcript: .transcript
        }
    }

    static func context(_ context: PresentationContext) -> MSMessagesAppPresentationContext {
        switch context {
        case .messages: .messages
        case .media: .media
        }
    }
}
