import Foundation
import MsgHostProtocol

/// MessageUI's `MessageComposeResult`, with Apple's raw values.
public enum MessageComposeResult: Int, Sendable {
    case cancelled = 0
    case sent = 1
    case failed = 2

    init(_ wire: MsgHostProtocol.MessageComposeResult) {
        switch wire {
        case .cancelled: self = .cancelled
        case .sent: self = .sent
        case .failed: self = .failed
        }
    }
}

/// MessageUI's `MFMessageComposeViewControllerDelegate`: told how the user finished the sheet.
@preconcurrency @MainActor
public protocol MFMessageComposeViewControllerDelegate: AnyObject {
    func messageComposeViewController(
        _ controller: MFMessageComposeViewController, didFinishWith result: MessageComposeResult)
}

/// MessageUI's `MFMessageComposeViewController`, for a parent app (PROTOCOL.md §4.10): set
/// `recipients`, `body` and `message` (WWDC 2017: "this property sets the initial interactive
/// message"), then `present` it from your `MSParentAppViewController`. Only the user sends or
/// cancels it; `messageComposeDelegate` then hears `messageComposeViewController(_:didFinishWith:)`.
@preconcurrency @MainActor
open class MFMessageComposeViewController {
    /// Handles, as the user would type them.
    public var recipients: [String]?
    public var body: String?
    /// The interactive message: an `MSMessage` of the app, template or live layout.
    public var message: MSMessage?
    public weak var messageComposeDelegate: (any MFMessageComposeViewControllerDelegate)?

    public init() {}

    /// Whether the device can send text: always, since a parent app runs only on a device
    /// whose Messages can send (msghostd refuses `openParentApp` elsewhere).
    nonisolated public class func canSendText() -> Bool { true }
    /// Whether it can send attachments: always, for the same reason.
    nonisolated public class func canSendAttachments() -> Bool { true }
    /// A subject line is an SMS/MMS feature that msghost's Messages does not have.
    nonisolated public class func canSendSubject() -> Bool { false }

    /// The request this sheet makes, and its binary frames (the layout image).
    func request(instance: String) throws -> (PresentMessageComposeBody, [[UInt8]]) {
        var buffers: [[UInt8]] = []
        var value: MessageValue?
        if let message = self.message { (value, buffers) = try WireMapping.value(of: message) }
        return (
            PresentMessageComposeBody(
                instance: instance, recipients: self.recipients ?? [], body: self.body, message: value), buffers
        )
    }
}
