import MsgHostProtocol
import Testing

/// Which of the daemon's events are an app's bugs (`SessionFinding.Kind(event:)`).
@Suite struct SessionFindingTests {
    static func event(_ kind: String, name: String? = nil, detail: String? = nil) -> EventRecord {
        EventRecord(
            seq: 1, time: 0, kind: kind, device: "kate-iphone", app: "com.example.app", name: name, detail: detail)
    }

    @Test func crashesRefusalsAndHangsAreFindingsAndAWellBehavedAppsEventsAreNot() {
        #expect(SessionFinding.Kind(event: Self.event("crashed")) == .crashed)
        #expect(SessionFinding.Kind(event: Self.event("terminated", name: "exited by itself")) == .crashed)
        #expect(SessionFinding.Kind(event: Self.event("terminated", name: "idle")) == nil)
        #expect(
            SessionFinding.Kind(event: Self.event("terminated", name: "memoryPressure")) == nil,
            "asked for by the explorer")
        #expect(
            SessionFinding.Kind(event: Self.event("sendRefused", name: "sendWhileNotVisible", detail: "sendMessage: …"))
                == .refused)
        #expect(SessionFinding.Kind(event: Self.event("unresponsive")) == .unresponsive)
        #expect(SessionFinding.Kind(event: Self.event("memoryWarning")) == nil)
    }

    /// A view set as the user closes the app: it cannot know yet, and the view harms nothing.
    @Test func aViewRefusedAsTheAppIsClosedIsNoBugButOtherRefusedRequestsAre() {
        #expect(
            SessionFinding.Kind(
                event: Self.event(
                    "requestRefused", name: "sendWhileNotVisible",
                    detail: "setView: instance \"i3\" is not the app presented")) == nil)
        #expect(
            SessionFinding.Kind(
                event: Self.event(
                    "requestRefused", name: "apiUnavailableInPresentationContext", detail: "setView: a live bubble"))
                == .refused)
        #expect(
            SessionFinding.Kind(
                event: Self.event("requestRefused", name: "sendWhileNotVisible", detail: "insertMessage: …"))
                == .refused)
    }
}
