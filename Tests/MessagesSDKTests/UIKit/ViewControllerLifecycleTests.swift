import Foundation
import MsgHostProtocol
import Testing

@testable import MessagesSDK

/// An app controller with a child, as iOS apps build them: the child is added in
/// `viewDidLoad` (addChild, addSubview, didMove), and both write down every UIKit and
/// Messages call they hear, with their view's size where it matters.
final class ContainerController: MSMessagesAppViewController {
    let recorder: Recorder
    let child: LoggingChild

    init(_ recorder: Recorder) {
        self.recorder = recorder
        self.child = LoggingChild(recorder)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    private func record(_ line: String) { self.recorder.record("parent " + line) }

    override func viewDidLoad() {
        super.viewDidLoad()
        self.record("viewDidLoad")
        self.addChild(self.child)
        self.view.addSubview(self.child.view)
        self.child.didMove(toParent: self)
    }
    override func viewWillAppear(_ animated: Bool) { self.record("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { self.record("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { self.record("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { self.record("viewDidDisappear") }
    override func viewWillLayoutSubviews() { self.record("viewWillLayoutSubviews \(Self.size(self.view.bounds.size))") }
    override func viewDidLayoutSubviews() {
        self.record("viewDidLayoutSubviews")
        self.child.view.frame = self.view.bounds.inset(by: self.view.safeAreaInsets)
    }
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        self.record("viewWillTransition \(Self.size(size))")
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(
            alongsideTransition: { _ in self.record("alongside \(Self.size(self.view.bounds.size))") },
            completion: { _ in self.record("transition completed") })
    }
    override func willBecomeActive(with conversation: MSConversation) { self.record("willBecomeActive") }
    override func didBecomeActive(with conversation: MSConversation) { self.record("didBecomeActive") }
    override func willResignActive(with conversation: MSConversation) { self.record("willResignActive") }
    override func didResignActive(with conversation: MSConversation) { self.record("didResignActive") }
    override func willTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        self.record("willTransition \(presentationStyle)")
    }
    override func didTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        self.record("didTransition \(presentationStyle)")
    }

    static func size(_ size: CGSize) -> String { "\(Int(size.width))×\(Int(size.height))" }
}

final class LoggingChild: UIViewController {
    let recorder: Recorder
    init(_ recorder: Recorder) {
        self.recorder = recorder
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    private func record(_ line: String) { self.recorder.record("child " + line) }

    override func viewDidLoad() { self.record("viewDidLoad") }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        self.record("willMove(toParent: \(parent.map { "\(type(of: $0))" } ?? "nil"))")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        self.record("didMove(toParent: \(parent.map { "\(type(of: $0))" } ?? "nil"))")
    }
    override func viewWillAppear(_ animated: Bool) { self.record("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { self.record("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { self.record("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { self.record("viewDidDisappear") }
    override func viewWillLayoutSubviews() {
        self.record("viewWillLayoutSubviews \(ContainerController.size(self.view.bounds.size))")
    }
    override func viewDidLayoutSubviews() { self.record("viewDidLayoutSubviews") }
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        self.record("viewWillTransition \(ContainerController.size(size))")
    }
}

/// A controller with a child across open → expand → compact → close: UIKit's calls in UIKit's
/// order around Messages' own, the view sized to each presentation on the screen (390 × 844
/// points; compact 292 high; the safe area's 47 at the top and 34 at the bottom).
@Suite(.serialized) struct ViewControllerLifecycleTests {
    /// A callback and its ack; the screen the app's views send meanwhile is answered.
    static func call(_ host: FakeHost, _ type: CallbackType, _ body: some Encodable) throws {
        _ = try host.expectAckAnsweringViews(of: host.send(type.rawValue, body))
    }

    @Test func aControllerAndItsChildHearUIKitsCallsAroundMessages() throws {
        let running = try DispatchTests.start(making: { ContainerController($0) })
        defer { running.stop() }
        let host = running.host
        let plain = InstanceBody(instance: "i1")
        try Self.call(host, .willBecomeActive, DispatchTests.activation())
        try Self.call(host, .didBecomeActive, DispatchTests.activation())
        try Self.call(host, .viewWillAppear, plain)
        try Self.call(host, .viewDidAppear, plain)
        #expect(
            running.recorder.calls == [
                "parent viewDidLoad", "child willMove(toParent: ContainerController)", "child viewDidLoad",
                "child didMove(toParent: ContainerController)",
                "parent willBecomeActive", "parent didBecomeActive",
                "parent viewWillAppear", "child viewWillAppear",
                "parent viewWillLayoutSubviews 390×292", "parent viewDidLayoutSubviews",
                "child viewWillLayoutSubviews 390×258", "child viewDidLayoutSubviews",
                "parent viewDidAppear", "child viewDidAppear",
            ])
        let opened = running.recorder.calls.count

        for style in [PresentationStyle.expanded, .compact] {
            try Self.call(host, .willTransition, PresentationStyleBody(instance: "i1", presentationStyle: style))
            try Self.call(host, .didTransition, PresentationStyleBody(instance: "i1", presentationStyle: style))
        }
        #expect(
            Array(running.recorder.calls.dropFirst(opened)) == [
                "parent willTransition expanded", "parent viewWillTransition 390×844",
                "child viewWillTransition 390×844",
                "parent viewWillLayoutSubviews 390×844", "parent viewDidLayoutSubviews",
                "child viewWillLayoutSubviews 390×763", "child viewDidLayoutSubviews",
                "parent alongside 390×844", "parent transition completed", "parent didTransition expanded",
                "parent willTransition compact", "parent viewWillTransition 390×292",
                "child viewWillTransition 390×292",
                "parent viewWillLayoutSubviews 390×292", "parent viewDidLayoutSubviews",
                "child viewWillLayoutSubviews 390×258", "child viewDidLayoutSubviews",
                "parent alongside 390×292", "parent transition completed", "parent didTransition compact",
            ])
        let transitioned = running.recorder.calls.count

        for type in [CallbackType.viewWillDisappear, .viewDidDisappear] { try Self.call(host, type, plain) }
        try Self.call(host, .willResignActive, DispatchTests.activation())
        try Self.call(host, .didResignActive, DispatchTests.activation())
        #expect(
            Array(running.recorder.calls.dropFirst(transitioned)) == [
                "parent viewWillDisappear", "child viewWillDisappear", "parent viewDidDisappear",
                "child viewDidDisappear",
                "parent willResignActive", "parent didResignActive",
            ])
    }
}
