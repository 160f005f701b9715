import Foundation

/// UIKit's display cycle, as far as the host's screen needs it: a view that changes outside a
/// callback (a label set from a send's completion, a timer's redraw) is shown at the end of
/// the main queue's current turn, as UIKit draws pending changes once the run loop goes round.
///
/// Views count their changes here (`setNeedsDisplay`, `setNeedsLayout`, their geometry and
/// appearance); the first change after a capture schedules one pass, which sends the screens
/// of the windows on show. A callback's acknowledgement captures first, so a change made
/// during a callback costs no second render: the pass finds nothing new and draws nothing.
@MainActor
enum ScreenUpdates {
    /// Bumped by every change; a window remembers the value it last captured at.
    private(set) static var generation: UInt64 = 0
    /// Set by the callback dispatcher: sends each shown window's screen that changed.
    static var pass: (@MainActor () -> Void)?
    private static var scheduled = false

    static func viewChanged() {
        self.generation &+= 1
        guard !self.scheduled, self.pass != nil else { return }
        self.scheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.scheduled = false
                self.pass?()
            }
        }
    }
}
