import MsgHostProtocol

/// The history the machine changed that the shell has not stored yet: what `.persist` actions
/// carry, kept so that the machine reads its own writes before they reach the store.
///
/// The machine never writes the store. It applies a change to its directory, keeps the
/// history part here, and returns the change in a `.persist` action; as the shell runs that
/// action it writes the change into the unit's open transaction (whose reads see it) and
/// tells the machine (`HostStateMachine.historyWritten`), which forgets it here. So this holds
/// the changes of the event being handled at most, never history: memory follows the event,
/// not the world. (Between two `.persist` actions of one event the shell runs nothing that
/// reads: a nested event runs only before a unit's first change.)
///
/// Each touched entry keeps its newest state, or none once removed, and whether it was added
/// in this unit (so the store has never seen it) or changed from a stored one.
struct PendingHistory: Sendable {
    struct Touched: Hashable, Sendable {
        var device: String
        var conversation: String
        /// The entry as it reads now; nil once removed.
        var entry: TranscriptEntry?
        /// Made in this unit: the store does not have it.
        var added: Bool
    }

    private(set) var messages: [String: StoredMessage] = [:]
    private(set) var entries: [Int: Touched] = [:]
    /// The entries touched in each transcript, for the merged reads of that transcript.
    private(set) var byTranscript: [TranscriptKey: Set<Int>] = [:]

    var isEmpty: Bool { self.messages.isEmpty && self.entries.isEmpty }

    mutating func record(_ change: WorldChange) {
        switch change {
        case .messageStored(let message):
            self.messages[message.id] = message
        case .transcriptEntryAdded(let device, let conversation, let entry):
            self.touch(entry.id, Touched(device: device, conversation: conversation, entry: entry, added: true))
        case .transcriptEntryChanged(let device, let conversation, let entry):
            let added = self.entries[entry.id]?.added ?? false
            self.touch(entry.id, Touched(device: device, conversation: conversation, entry: entry, added: added))
        case .transcriptEntryRemoved(let device, let conversation, let entryID):
            if self.entries[entryID]?.added == true {
                // Made and removed in the same unit: the store never hears of it.
                self.entries[entryID] = nil
                self.byTranscript[TranscriptKey(device: device, conversation: conversation)]?.remove(entryID)
            } else {
                self.touch(entryID, Touched(device: device, conversation: conversation, entry: nil, added: false))
            }
        case .personCreated, .deviceCreated, .conversationCreated, .installCreated, .installRemoved,
            .participantAssigned,
            .inputFieldChanged, .contactNamed, .deliveryRuleChanged, .deliveryPending, .deliveryDone, .memberAdded,
            .memberRemoved:
            break  // the directory: `World` holds all of it
        }
    }

    /// The shell wrote `change` where the store's reads see it: forget it here.
    mutating func forget(_ change: WorldChange) {
        switch change {
        case .messageStored(let message):
            self.messages[message.id] = nil
        case .transcriptEntryAdded(let device, let conversation, let entry),
            .transcriptEntryChanged(let device, let conversation, let entry):
            self.untouch(entry.id, device: device, conversation: conversation)
        case .transcriptEntryRemoved(let device, let conversation, let entryID):
            self.untouch(entryID, device: device, conversation: conversation)
        case .personCreated, .deviceCreated, .conversationCreated, .installCreated, .installRemoved,
            .participantAssigned,
            .inputFieldChanged, .contactNamed, .deliveryRuleChanged, .deliveryPending, .deliveryDone, .memberAdded,
            .memberRemoved:
            break
        }
    }

    private mutating func untouch(_ id: Int, device: String, conversation: String) {
        guard self.entries.removeValue(forKey: id) != nil else { return }
        let key = TranscriptKey(device: device, conversation: conversation)
        self.byTranscript[key]?.remove(id)
        if self.byTranscript[key]?.isEmpty == true { self.byTranscript[key] = nil }
    }

    private mutating func touch(_ id: Int, _ touched: Touched) {
        self.entries[id] = touched
        self.byTranscript[TranscriptKey(device: touched.device, conversation: touched.conversation), default: []]
            .insert(id)
    }

    /// What was touched in one transcript, by id.
    func touched(device: String, conversation: String) -> [Int: Touched] {
        guard let ids = self.byTranscript[TranscriptKey(device: device, conversation: conversation)], !ids.isEmpty
        else { return [:] }
        var touched: [Int: Touched] = [:]
        for id in ids { touched[id] = self.entries[id] }
        return touched
    }

    /// `stored` (entries of one transcript from the store) as they read now: changed ones
    /// replaced, removed ones gone, then `extra` (added here) merged in, by id.
    static func merge(_ stored: [TranscriptEntry], _ touched: [Int: Touched], adding extra: [TranscriptEntry])
        -> [TranscriptEntry]
    {
        var merged: [TranscriptEntry] = []
        merged.reserveCapacity(stored.count + extra.count)
        for entry in stored {
            if let change = touched[entry.id] {
                if let now = change.entry { merged.append(now) }
            } else {
                merged.append(entry)
            }
        }
        merged += extra
        merged.sort { $0.id < $1.id }
        return merged
    }
}
