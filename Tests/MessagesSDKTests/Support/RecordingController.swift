import Foundation
import MsgHostProtocol

@testable import MessagesSDK

/// What the recording controllers saw, for the test thread to read.
final class Recorder: Sendable {
    private let lines = Locked<[String]>([])
    private let made = Locked(0)

    func record(_ line: String) { self.lines.withLock { $0.append(line) } }
    func controllerMade() { self.made.withLock { $0 += 1 } }
    var calls: [String] { self.lines.value }
    var controllersMade: Int { self.made.value }
}

/// A controller that writes down every override called, with what it could see then.
final class RecordingController: MSMessagesAppViewController {
    let recorder: Recorder
    /// What to do on a touch, for tests of requests made from inside a callback.
    let onTouch: @MainActor (RecordingController, JSONValue) -> Void

    init(_ recorder: Recorder, onTouch: @escaping @MainActor (RecordingController, JSONValue) -> Void = { _, _ in }) {
        self.recorder = recorder
        self.onTouch = onTouch
        super.init(nibName: nil, bundle: nil)
        recorder.controllerMade()
    }

    required init?(coder: NSCoder) { nil }

    private func record(_ line: String) { self.recorder.record(line) }
    private var selected: String { self.activeConversation?.selectedMessage?.summaryText ?? "none" }

    override func viewDidLoad() { self.record("viewDidLoad") }
    override func willBecomeActive(with conversation: MSConversation) {
        self.record(
            "willBecomeActive \(self.presentationStyle) \(self.presentationContext) active=\(self.activeConversation === conversation)"
        )
    }
    override func didBecomeActive(with conversation: MSConversation) { self.record("didBecomeActive") }
    override func viewWillAppear(_ animated: Bool) { self.record("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { self.record("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { self.record("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { self.record("viewDidDisappear") }
    override func willResignActive(with conversation: MSConversation) { self.record("willResignActive") }
    override func didResignActive(with conversation: MSConversation) { self.record("didResignActive") }
    override func willSelect(_ message: MSMessage, conversation: MSConversation) {
        self.record("willSelect \(message.summaryText ?? "") selected=\(self.selected)")
    }
    override func didSelect(_ message: MSMessage, conversation: MSConversation) {
        self.record("didSelect \(message.summaryText ?? "") selected=\(self.selected)")
    }
    override func didReceive(_ message: MSMessage, conversation: MSConversation) {
        self.record("didReceive \(message.summaryText ?? "")")
    }
    override func didStartSending(_ message: MSMessage, conversation: MSConversation) { self.record("didStartSending") }
    override func didCancelSending(_ message: MSMessage, conversation: MSConversation) {
        self.record("didCancelSending")
    }
    override func willTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        self.record("willTransition \(presentationStyle) from \(self.presentationStyle)")
    }
    override func didTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        self.record("didTransition \(presentationStyle) now \(self.presentationStyle)")
    }
    override func contentSizeThatFits(_ size: CGSize) -> CGSize {
        self.record("contentSizeThatFits \(Int(size.width))x\(Int(size.height))")
        return CGSize(width: size.width / 2, height: size.height * 2)
    }
    override func didReceiveMemoryWarning() { self.record("didReceiveMemoryWarning \(self.instance)") }
    override func didReceiveTouch(payload: JSONValue) {
        self.record("touch")
        self.onTouch(self, payload)
    }
    /// Records a button's activation, then lets the default hand the payload on.
    override func didReceiveTouch(_ touch: MSTouch) {
        if let button = touch.button {
            self.record(
                "button \(button) "
                    + touch.fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
        }
        super.didReceiveTouch(touch)
    }
}
