import MsgHostProtocol

/// The sticker drawer of an open app (PROTOCOL.md §4.11): what the user saw when they opened
/// it, so that `chooseSticker` picks exactly that sticker even if the app's list changes.
///
/// Messages asks a sticker app's data source for its stickers and checks each file as it
/// draws the browser; a bad one is left out, not fatal. Here the host asks once per opening
/// (the `stickers` callback), has the shell check and copy each file as `insertSticker` would,
/// and keeps the outcome on the instance. It is current state, not history: it goes with the
/// instance. Its state changes only through its methods, in the order asking → (checking) →
/// ready or failed; the machine only routes the app's answer and the shell's checks to it.
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

        /// Tapped: it goes into the input field, as the app's `insertSticker` would put it.
        var content: MessageContent { .sticker(self.file, description: self.localizedDescription) }

        /// Peeled onto the bubble of `messageID`: Messages sends it at once.
        func peeled(onto messageID: String) -> MessageContent {
            .peeledSticker(self.file, description: self.localizedDescription, onto: messageID)
        }
    }

    /// A sticker the shell is checking: where it is in the app's list, and what it said.
    struct Candidate: Sendable {
        var index: Int
        var sticker: StickerValue

        /// The shell copies its file as `insertSticker` would, refusing what it would refuse.
        var fileCheck: FileCheck { FileCheck(source: .url(self.sticker.url), purpose: .sticker) }
    }

    /// What the host does once the app has answered.
    enum Next: Sendable {
        /// Nothing to look at: the drawer is ready (every sticker left out, or none) or failed.
        case settled
        /// The shell must look at these files first (`checking(token:)`, then `filesChecked`).
        case check([Candidate], rejected: [StickerDrawerResult.Rejected])
    }

    private(set) var state: State = .asking

    /// The most stickers one drawer takes: more is a malformed answer, not a long list to
    /// copy (each one costs a file check).
    static let maximumStickers = 256

    /// The drawer's longest sticker description, as `insertSticker` allows.
    static let maximumDescription = 150

    /// Why `stickers` fails when the app's instance (and its drawer) went before it loaded.
    static let closedBeforeLoading = WireError.control(.invalidState, "the app closed before its sticker drawer loaded")

    var isLoading: Bool {
        switch self.state {
        case .asking, .checking: true
        case .ready, .failed: false
        }
    }

    /// The user opens the drawer of `app` on `device` (again): a fresh one, asking, unless the
    /// one there (`current`) is still loading, which a second opening would race.
    static func open(replacing current: StickerDrawer?, app: String, device: String) throws(WireError) -> StickerDrawer
    {
        if let current, current.isLoading {
            throw .control(.invalidState, "the sticker drawer of \(app) on \(device) is still loading")
        }
        return StickerDrawer()
    }

    /// The app answered `stickers` (`failure`: its handler's error; `answer`: nil when the
    /// reply was not a list of stickers). A drawer that cannot be shown fails naming why.
    mutating func answered(by app: String, failure: WireError?, _ answer: StickersResult?) -> Next {
        if let failure { return self.fail("\(app) could not list its stickers: \(failure.description)") }
        guard let answer else {
            return self.fail("\(app) answered `stickers` without {\"stickers\": [{url, localizedDescription}…]}")
        }
        guard answer.stickers.count <= Self.maximumStickers else {
            return self.fail(
                "\(app) offered \(answer.stickers.count) stickers; a drawer takes at most \(Self.maximumStickers)")
        }
        let (candidates, rejected) = Self.sort(answer.stickers)
        guard !candidates.isEmpty else {
            self.state = Self.ready([], results: [], rejected: rejected)
            return .settled
        }
        return .check(candidates, rejected: rejected)
    }

    /// The shell is looking at the candidates' files under `token`.
    mutating func checking(token: Int) { self.state = .checking(token: token) }

    /// The shell looked at `pending`'s files (one result each). False, and nothing changes,
    /// when this drawer no longer waits for `token` (it was opened again meanwhile).
    mutating func filesChecked(_ pending: PendingDrawer, token: Int, results: [FileCheckResult]) -> Bool {
        guard case .checking(token) = self.state else { return false }
        self.state = Self.ready(pending.candidates, results: results, rejected: pending.rejected)
        return true
    }

    /// What the `stickerDrawer` event says of a ready drawer; nil until it is ready.
    var summary: String? {
        guard case .ready(let shown, let rejected) = self.state else { return nil }
        return "\(shown.count) shown, \(rejected.count) left out"
    }

    /// What `stickers` replies, once the drawer has loaded; `file` renders a stored file.
    func result(app: String, instance: String, file: (StoredFile) -> FileValue) -> Result<
        StickerDrawerResult, WireError
    > {
        switch self.state {
        case .ready(let shown, let rejected):
            let stickers = shown.map {
                StickerDrawerResult.Sticker(
                    index: $0.index, localizedDescription: $0.localizedDescription, file: file($0.file))
            }
            return .success(StickerDrawerResult(app: app, instance: instance, stickers: stickers, rejected: rejected))
        case .failed(let error):
            return .failure(error)
        case .asking, .checking:
            return .failure(.control(.invalidState, "the sticker drawer of \(app) has not loaded"))
        }
    }

    /// The sticker the user picks by its `index` in the app's list, from the drawer of `app`
    /// on `device` (nil: none open): one the drawer left out is refused naming why.
    static func sticker(_ index: Int, in drawer: StickerDrawer?, app: String, device: String) throws(WireError) -> Shown
    {
        guard let drawer, case .ready(let shown, let rejected) = drawer.state else {
            throw .control(
                .invalidState, "the sticker drawer of \(app) on \(device) is not open: ask for `stickers` first")
        }
        if let sticker = shown.first(where: { $0.index == index }) { return sticker }
        if let left = rejected.first(where: { $0.index == index }) {
            throw .control(
                .invalidState, "sticker \(index) is not in the drawer: \(left.error.name) (\(left.error.description))")
        }
        throw .control(
            .notFound,
            "no sticker \(index) in the drawer of \(app) (indices: \(shown.map { String($0.index) }.joined(separator: ", ")))"
        )
    }

    private mutating func fail(_ reason: String) -> Next {
        self.state = .failed(.control(.extensionFailed, reason))
        return .settled
    }

    /// Splits the app's answer into the stickers to check and those refused already (a
    /// description over 150 characters, as `insertSticker` refuses it).
    static func sort(_ stickers: [StickerValue]) -> (candidates: [Candidate], rejected: [StickerDrawerResult.Rejected])
    {
        var candidates: [Candidate] = []
        var rejected: [StickerDrawerResult.Rejected] = []
        for (index, sticker) in stickers.enumerated() {
            if sticker.localizedDescription.count > Self.maximumDescription {
                rejected.append(
                    .init(
                        index: index, url: sticker.url,
                        error: .messages(
                            .unknown,
                            "sticker.localizedDescription is \(sticker.localizedDescription.count) characters; at most \(Self.maximumDescription)"
                        )))
            } else {
                candidates.append(Candidate(index: index, sticker: sticker))
            }
        }
        return (candidates, rejected)
    }

    /// The drawer once the shell has looked at the candidates' files (one result each).
    static func ready(_ candidates: [Candidate], results: [FileCheckResult], rejected: [StickerDrawerResult.Rejected])
        -> State
    {
        var shown: [Shown] = []
        var rejected = rejected
        for (candidate, result) in zip(candidates, results) {
            switch result {
            case .accepted(let file):
                shown.append(
                    Shown(
                        index: candidate.index, localizedDescription: candidate.sticker.localizedDescription, file: file
                    ))
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

extension Screens {
    /// What `stickers` replies for the instance's drawer, once it has loaded.
    func drawerResult(_ id: String, file: (StoredFile) -> FileValue) -> Result<StickerDrawerResult, WireError> {
        guard let instance = self[id], let drawer = instance.drawer else {
            return .failure(StickerDrawer.closedBeforeLoading)
        }
        return drawer.result(app: instance.app, instance: id, file: file)
    }
}
