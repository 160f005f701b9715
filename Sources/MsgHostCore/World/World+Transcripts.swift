import HashTreeCollections
import MsgHostProtocol

extension World {
    /// A message arrives on a device: it is appended to that device's transcript, with the
    /// session rule applied (SPEC §5) and the legacy fallback for `legacy` devices.
    ///
    /// Session rule: an earlier bubble of the same app and session collapses, in place, into a
    /// summary entry showing *its* `summaryText`; with no summary text it leaves nothing,
    /// unless `nilSummaryText` is configured, which is then shown instead.
    public mutating func arrive(_ messageID: String, on deviceID: String, nilSummaryText: String? = nil)
        throws(HistoryUnreadable) -> [WorldChange]
    {
        guard let message = try self.message(messageID), let device = self.devices[deviceID] else { return [] }
        let conversation = message.conversation
        var changes: [WorldChange] = []
        if let (app, session) = message.sessionKey {
            // An indexed query: the session's bubbles, not a scan of the transcript.
            for entry in try self.sessionBubbles(
                device: deviceID, conversation: conversation, app: app, session: session)
            {
                guard let earlier = try self.message(entry.messageID) else { continue }
                if earlier.message?.summaryText == nil && nilSummaryText == nil {
                    changes.append(
                        .transcriptEntryRemoved(device: deviceID, conversation: conversation, entryID: entry.id))
                } else {
                    var collapsed = entry
                    collapsed.kind = .summary
                    changes.append(.transcriptEntryChanged(device: deviceID, conversation: conversation, collapsed))
                }
            }
        }
        if device.platform == .legacy, case .app(let value, let image, let media) = message.content {
            // Old clients get two plain messages: the image (or media), then the URL if http(s).
            if image != nil || media != nil {
                changes.append(
                    .transcriptEntryAdded(
                        device: deviceID, conversation: conversation, self.newEntry(messageID, .legacyImage)))
            }
            if let url = value.url, ["http", "https"].contains(MessageValidation.scheme(of: url)?.lowercased() ?? "") {
                changes.append(
                    .transcriptEntryAdded(
                        device: deviceID, conversation: conversation, self.newEntry(messageID, .legacyURL)))
            }
        } else {
            changes.append(
                .transcriptEntryAdded(device: deviceID, conversation: conversation, self.newEntry(messageID, .bubble)))
        }
        return self.applying(changes)
    }

    private mutating func newEntry(_ messageID: String, _ kind: TranscriptEntry.Kind) -> TranscriptEntry {
        let entry = TranscriptEntry(id: self.nextSerial, messageID: messageID, kind: kind)
        self.nextSerial += 1
        return entry
    }

    /// A new serial for a pending delivery.
    mutating func takeSerial() -> Int {
        defer { self.nextSerial += 1 }
        return self.nextSerial
    }

    public mutating func setInputField(_ field: InputField, device: String, conversation: String) -> [WorldChange] {
        self.applying([.inputFieldChanged(device: device, conversation: conversation, field)])
    }

    public mutating func nameContact(_ person: String, on device: String, name: String?) throws(WireError)
        -> [WorldChange]
    {
        _ = try self.device(device)
        _ = try self.person(person)
        if let name, name.allSatisfy(\.isWhitespace) {
            throw .control(.invalidRequest, "name must not be empty (leave it out to use the display name)")
        }
        return self.applying([.contactNamed(device: device, person: person, name: name)])
    }

    /// The person an install's participant identifier stands for.
    public func person(withIdentifier identifier: String, in install: String) -> String? {
        self.participants[install]?.first { $0.value.uppercased() == identifier.uppercased() }?.key
    }
}
