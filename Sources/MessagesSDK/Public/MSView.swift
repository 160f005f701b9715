import Foundation
import MsgHostProtocol

/// msghost's addition: what an instance shows (PROTOCOL.md §4.9). On Linux there is no UIKit,
/// so a view controller describes its view with these elements and `setView(_:)`; msghost-web
/// draws it, `msghostctl view` prints it, and activating a button reaches
/// `didReceiveTouch(_:)` as a user touch (which allows one direct send).
///
///     self.setView([
///         .text("Build an ice cream", style: .title),
///         .row([.button(id: "cone", title: "Cone", payload: .string("cone")), .button(id: "cup", title: "Cup", payload: .string("cup"))]),
///         .textField(id: "note", placeholder: "A note"),
///     ])
public struct MSViewElement: Sendable, Equatable {
    public enum TextStyle: String, Sendable {
        case title, headline, body, caption
    }

    enum Kind: Sendable, Equatable {
        case text(String, TextStyle?)
        case image(Data, accessibilityLabel: String?, width: Int?, height: Int?)
        case button(id: String, title: String, payload: JSONValue?, isEnabled: Bool)
        case textField(id: String, placeholder: String?, text: String?)
        case row([MSViewElement])
    }

    let kind: Kind

    /// Text; the host draws `body` when no style is given.
    public static func text(_ text: String, style: TextStyle? = nil) -> MSViewElement {
        MSViewElement(kind: .text(text, style))
    }

    /// An image's bytes (PNG, JPEG, GIF, …): checked and kept by the host like a layout image.
    /// `width` and `height` are the size to draw it at, in points.
    public static func image(_ data: Data, accessibilityLabel: String? = nil, width: Int? = nil, height: Int? = nil) -> MSViewElement {
        MSViewElement(kind: .image(data, accessibilityLabel: accessibilityLabel, width: width, height: height))
    }

    /// A button: activating it is a user touch whose payload is `payload`.
    public static func button(id: String, title: String, payload: JSONValue? = nil, isEnabled: Bool = true) -> MSViewElement {
        MSViewElement(kind: .button(id: id, title: title, payload: payload, isEnabled: isEnabled))
    }

    /// A text field; its text reaches `didReceiveTouch(_:)` in `fields` when a button is activated.
    public static func textField(id: String, placeholder: String? = nil, text: String? = nil) -> MSViewElement {
        MSViewElement(kind: .textField(id: id, placeholder: placeholder, text: text))
    }

    /// Elements side by side.
    public static func row(_ elements: [MSViewElement]) -> MSViewElement {
        MSViewElement(kind: .row(elements))
    }

    /// The wire element; image bytes are appended to `buffers` and named by index.
    func value(buffers: inout [[UInt8]]) -> ViewElement {
        switch self.kind {
        case .text(let text, let style):
            return .text(text, style: style.map { ViewTextStyle(rawValue: $0.rawValue)! })
        case .image(let data, let label, let width, let height):
            buffers.append(Array(data))
            return .image(FrameReference(frame: buffers.count - 1), accessibilityLabel: label, width: width, height: height)
        case .button(let id, let title, let payload, let isEnabled):
            return .button(id: id, title: title, payload: payload, enabled: isEnabled ? nil : false)
        case .textField(let id, let placeholder, let text):
            return .textField(id: id, placeholder: placeholder, text: text)
        case .row(let elements):
            return .row(elements.map { $0.value(buffers: &buffers) })
        }
    }
}

/// A touch on the instance's view (`didReceiveTouch(_:)`): the payload, and, when the user
/// activated a button of the view set with `setView(_:)`, its id and every text field's text.
public struct MSTouch: Sendable, Equatable {
    public let payload: JSONValue
    /// The activated button's id; nil for a plain touch.
    public let button: String?
    /// Every text field of the view by id (what the user typed, else its text, else "");
    /// empty for a plain touch.
    public let fields: [String: String]

    public init(payload: JSONValue, button: String? = nil, fields: [String: String] = [:]) {
        self.payload = payload
        self.button = button
        self.fields = fields
    }
}

extension MSMessagesAppViewController {
    /// Sets what this instance shows, top to bottom; it replaces the whole view, and `[]`
    /// clears it. Only the main (compact or expanded) instance that is open may set one (a live
    /// bubble gets `apiUnavailableInPresentationContext`); the view goes when it resigns. The
    /// completion gets nil, or the host's refusal as an `NSError` (a limit broken is a
    /// `msghost.protocol` `invalidBody` naming the element).
    public func setView(_ elements: [MSViewElement], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        guard let connection = self.connection else {
            return MSConversation.complete(completionHandler, NSError(messages: .unknown, "setView before the controller was presented"))
        }
        var buffers: [[UInt8]] = []
        let view = ViewValue(elements: elements.map { $0.value(buffers: &buffers) })
        connection.request(.setView, body: WireJSON.encode(SetViewBody(instance: self.instance, view: view)), buffers: buffers) { result in
            switch result {
            case .success: MSConversation.complete(completionHandler, nil)
            case .failure(let error):
                HostConnection.log("setView failed: \(error)")
                MSConversation.complete(completionHandler, NSError(wire: error))
            }
        }
    }
}
