import MsgHostPort
import Testing

/// Imports: Apple's UI modules and Foundation's build as written; any other is reported at its
/// line, with what to do, and left as it was.
@Suite struct ImportCheckTests {
    @Test func aModuleThatIsNotHereIsReportedAndLeft() {
        let source = """
            import UIKit
            import Messages
            import Foundation
            import EPCalendarPicker
            import os.log
            import struct EventKit.EKEvent

            class MessagesViewController: MSMessagesAppViewController {}
            """
        let ported = Porting.port(source)
        #expect(ported.text == source)
        #expect(
            Porting.entries(ported.report) == [
                .couldNotPort(4, "import EPCalendarPicker"),
                .couldNotPort(5, "import os.log"),
                .couldNotPort(6, "import struct EventKit.EKEvent"),
            ])
        #expect(ported.report[0].why.contains("a CocoaPod that is not installed in Pods/"))
        #expect(ported.report[1].why.contains("os_log is Apple's"))
    }
}
