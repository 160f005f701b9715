import Foundation
import MsgHostProtocol

/// A callback from the host, decoded and checked on the connection thread, before anything
/// runs on the main thread.
///
/// One lenient body type serves every callback (fields a type does not use are ignored, as
/// §2.3 asks); `parse` then requires what each type needs. A known callback without its
/// fields is malformed and dropped (§4.8); an unknown type is kept, to be answered ok (§6).
struct HostCallback: Sendable {
    enum Kind: Sendable, Equatable {
        case known(CallbackType)
        case unknown(String)
    }

    struct Body: Decodable, Sendable {
        var instance: String?
        var conversation: ConversationValue?
        var presentationStyle: PresentationStyle?
        var presentationContext: PresentationContext?
        var message: MessageValue?
        var payload: JSONValue?
        /// `touch` from a button of the view (`activate`): its id and the text fields' texts.
        var button: String?
        var fields: [String: String]?
        /// `touch` on the app's own screen (`tapScreen`): where, whether long, what was typed.
        var point: ScreenPoint?
        var long: Bool?
        var text: String?
        /// `touch` dragged on the app's own screen (`tapScreen` with `to`): from `point` to
        /// `to`, through `steps` moves.
        var to: ScreenPoint?
        var steps: Int?
        var size: SizeValue?
        var reason: String?
        /// `messageComposeDidFinish` (a parent app's): how the sheet finished.
        var result: MsgHostProtocol.MessageComposeResult?
        /// `openURL` (a parent app's): the tapped message's URL.
        var url: String?
    }

    let id: String
    let kind: Kind
    let body: Body

    /// Checks a callback on the connection thread and queues `run` with it on the main thread
    /// (the main queue is FIFO, so the host's order is kept); a malformed one is logged and
    /// dropped (§4.8). Both dispatchers (an extension's, a parent app's) receive this way.
    static func deliverOnMain(_ envelope: Envelope, _ run: @escaping @MainActor @Sendable (HostCallback) -> Void) {
        switch Self.parse(envelope) {
        case .failure(let error):
            HostConnection.log("dropped a malformed \(envelope.header.type) from the host: \(error.description)")
        case .success(let callback):
            DispatchQueue.main.async { MainActor.assumeIsolated { run(callback) } }
        }
    }

    /// The callback, or why it is malformed.
    static func parse(_ envelope: Envelope) -> Result<HostCallback, WireError> {
        let id = envelope.header.id
        guard let type = CallbackType(rawValue: envelope.header.type) else {
            return .success(HostCallback(id: id, kind: .unknown(envelope.header.type), body: Body()))
        }
        let body: Body
        do {
            body = try envelope.decodeBody(Body.self)
        } catch {
            return .failure(error)
        }
        var required: [(String, Bool)] = []
        if type != .terminate && type != .didReceiveMemoryWarning {
            required.append(("instance", body.instance != nil))
        }
        switch type {
        case .willBecomeActive, .didBecomeActive, .willResignActive, .didResignActive:
            required.append(("conversation", body.conversation != nil))
        case .didStartSending, .didCancelSending, .didReceive, .willSelect, .didSelect:
            required += [("message", body.message != nil), ("conversation", body.conversation != nil)]
        case .willTransition, .didTransition:
            required.append(("presentationStyle", body.presentationStyle != nil))
        case .contentSizeThatFits:
            required.append(("size", body.size != nil))
        case .messageComposeDidFinish:
            required.append(("result", body.result != nil))
        case .openURL:
            required.append(("message", body.message != nil))
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .touch, .terminate,
            .didReceiveMemoryWarning,
            .applicationDidBecomeActive, .applicationWillResignActive, .stickers:
            break
        }
        if let missing = required.first(where: { !$0.1 }) {
            return .failure(.protocolError(.invalidBody, "\(type.rawValue): \(missing.0) is missing"))
        }
        return .success(HostCallback(id: id, kind: .known(type), body: body))
    }
}
