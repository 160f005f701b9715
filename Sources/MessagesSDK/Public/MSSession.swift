import Foundation

/// `MSSession`: the thread that ties the messages of one collaborative item together.
///
/// Messages sent with the same session replace each other in the transcript: the earlier
/// bubble collapses into its `summaryText`. Apple's class has no public members; reuse
/// `conversation.selectedMessage?.session` to continue someone else's item.
///
/// Two sessions are equal when they name the same session on the wire, so a session that came
/// back from the host in a later callback compares equal to the one you made.
open class MSSession: NSObject, @unchecked Sendable {
    /// The opaque string the wire carries (PROTOCOL.md §5.2). Immutable, hence Sendable.
    let identifier: String

    public override init() {
        self.identifier = UUID().uuidString
        super.init()
    }

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? MSSession)?.identifier == self.identifier
    }

    open override var hash: Int { self.identifier.hashValue }

    open override var description: String { "<MSSession \(self.identifier)>" }
}
