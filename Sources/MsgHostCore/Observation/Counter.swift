/// The daemon's counters (`status` `counters`), by name on the wire.
public enum Counter: String, Sendable, CaseIterable {
    case launches, sendsAccepted, sendsRefused, requestsRefused
    case droppedFrames, badSignatures, badTokens, refusedConnections, protocolErrors, unexpectedReplies, controlErrors
    case undeliverableMessages

    /// Its place in `allCases`.
    static func index(_ counter: Counter) -> Int {
        switch counter {
        case .launches: 0
        case .sendsAccepted: 1
        case .sendsRefused: 2
        case .requestsRefused: 3
        case .droppedFrames: 4
        case .badSignatures: 5
        case .badTokens: 6
        case .refusedConnections: 7
        case .protocolErrors: 8
        case .unexpectedReplies: 9
        case .controlErrors: 10
        case .undeliverableMessages: 11
        }
    }
}
