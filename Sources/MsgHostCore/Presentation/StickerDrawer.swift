import MsgHostProtocol

/// The sticker drawer of an open app (PROTOCOL.md §4.11): what the user saw when they opened
/// it, so that `chooseSticker` picks exactly that sticker even if the app's list changes.
///
/// Messages asks a sticker app's data source for its stickers and checks each file as it
/// draws the browser; a bad one is left out, not fatal. Here the host asks once per opening
/// (the `stickers` callback), has the shell check and copy each file as `insertSticker` would,
/// and keeps the outcome on the instance. It is current state, not history: it goes with the
/// instance.
struct StickerDrawer: Sendable {
    enum State: Sendable {
        /// The `stickers` callback is queued or in flight.
        case asking
        /// The shell is looking at the files (`token` names the check).
        case checking(token: Int)
        case ready(shown: [Shown], rejected: [StickerDrawerResult.Rejected])
        /// The app could not say: its handler failed or its reply was not a list of stickers.
        case failed(WireError)
    }

    /// A sticker the drawer shows, as the host stored it.
    struct Shown: Sendable {
        var index: Int
        var localizedDescription: String
        var file: StoredFile
    }

    /// A sticker the shell is checking: where it is in the app's list, and what it said.
    struct Candidate: Sendable {
        var index: Int
        var sticker: StickerValue
    }

    var state: State = .asking

    /// The most stickers one drawer takes: more is a malformed answer, not a long list to
    /// copy (each one costs a file check).
    static let maximumStickers = 256

    var isLoading: Bool {
        switch self.state {
        case .asking, .checking: true
        case .ready, .failed: false
        }
    }

    /// Splits the app's answer into the stickers to check and those refused already (a
    /// description over 150 characters, as `insertSticker` refuses it).
    static func sort(_ stickers: [StickerValue]) -> (candidates: [Candidate], rejected: [StickerDrawerResult.Rejected]) {
        var candidates: [Candidate] = []
        var rejected: [StickerDrawerResult.Rejected] = []
        for (index, sticker) in stickers.enumerated() {
            if sticker.localizedDescription.count > 150 {
                rejected.append(.init(index: index, url: sticker.url, error: .messages(
                    .unknown, "sticker.localizedDescription is \(sticker.localizedDescription.count) characters; at most 150")))
            } else {
                candidates.append(Candidate(index: index, sticker: sticker))
            }
        }
        return (candidates, rejected)
    }

    /// The drawer once the shell has looked at the candidates' files (one result each).
    static func ready(_ candidates: [Candidate], results: [FileCheckResult], rejected: [StickerDrawerResult.Rejected]) -> State {
        var shown: [Shown] = []
        var rejected = rejected
        for (candidate, result) in zip(candidates, results) {
            switch result {
            case .accepted(let file):
                shown.append(Shown(index: candidate.index, localizedDescription: candidate.sticker.localizedDescription, file: file))
            case .refused(let error):
                rejected.append(.init(index: candidate.index, url: candidate.sticker.url, error: error))
            }
        }
        return .ready(shown: shown, rejected: rejected.sorted { $0.index < $1.index })
    }
}

/// A drawer's stickers parked while the shell looks at their files.
struct PendingDrawer: Sendable {
    var instanceID: String
    var candidates: [StickerDrawer.Candidate]
    var rejected: [StickerDrawerResult.Rejected]
    /// The control requests waiting for the drawer.
    var causes: Set<Int>
}
