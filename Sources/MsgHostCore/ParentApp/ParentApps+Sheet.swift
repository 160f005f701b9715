import HashTreeCollections
import MsgHostProtocol

/// The compose sheet's rules (`MFMessageComposeViewController`; PROTOCOL.md §4.10, §7
/// `compose`): who may ask for one, what it may carry, and what the user's Send or Cancel does.
/// Only the parent app presents a sheet, and only the user finishes it: no request of the app
/// can send what it filled in.
extension ParentApps {
    /// At most this many recipients on one sheet.
    static let maxRecipients = 32
    /// A recipient's handle (a phone number or an address, as typed): 1 to this many characters.
    static let maxHandleCharacters = 256

    /// What the user's Send or Cancel does to a sheet, decided before anything changes.
    enum Finishing: Sendable, Equatable {
        /// Nothing is sent: Cancel (the app hears `cancelled`), or Send with a recipient
        /// Messages cannot reach (`failed`). `reason` is the `composeFinished` event's detail.
        case unsent(ComposeResult, reason: String)
        /// Send: `Sheet.messages` go to the recipients' conversation.
        case send
    }

    /// Only a parent app's connection sends `presentMessageCompose`, and it sends nothing else.
    static func checkRequest(_ type: RequestType, from role: ProcessRole) throws(WireError) {
        guard role == .parentApp else {
            throw .protocolError(
                .unknownType,
                "presentMessageCompose is a parent app's request (PROTOCOL.md §4.10); an extension stages a message with insertMessage"
            )
        }
        guard type == .presentMessageCompose else {
            throw .protocolError(
                .unknownType,
                "\(type.rawValue) is not a request a parent app may send: it may send presentMessageCompose (PROTOCOL.md §4.10)"
            )
        }
    }

    /// A sheet's recipients: 1 to `maxRecipients` handles, none of them the device's `owner`,
    /// who sends the message.
    static func checkRecipients(_ recipients: [String], owner: String?) throws(WireError) {
        guard (1...Self.maxRecipients).contains(recipients.count) else {
            throw .protocolError(
                .invalidBody, "recipients: 1 to \(Self.maxRecipients) handles; got \(recipients.count)")
        }
        for (index, recipient) in recipients.enumerated() {
            guard (1...Self.maxHandleCharacters).contains(recipient.count) else {
                throw .protocolError(
                    .invalidBody, "recipients[\(index)] must be 1 to \(Self.maxHandleCharacters) characters")
            }
            guard recipient != owner else {
                throw .protocolError(
                    .invalidBody, "recipients[\(index)] is \(recipient), who owns the device and sends the message")
            }
        }
    }

    /// `composeSheet`: the parent app in the foreground of `device` and the sheet over it, its
    /// message as the device shows a staged one (`render`: pending, not yet sent).
    func shown(on device: String, render: (StagedItem) -> TranscriptEntryValue) -> ComposeSheetResult {
        let sheet = self.sheets[device].map { sheet in
            let message = sheet.content.map {
                render(
                    StagedItem(
                        app: sheet.app, install: sheet.installID, instance: sheet.instanceID, content: $0,
                        stagedAt: sheet.presentedAt.milliseconds))
            }
            return ComposeSheetResult.Sheet(
                app: sheet.app, recipients: sheet.recipients, body: sheet.body, message: message,
                presentedAt: sheet.presentedAt.milliseconds)
        }
        return ComposeSheetResult(parentApp: self.foreground[device]?.app, sheet: sheet)
    }

    /// The user taps Send or Cancel on the sheet up on `device` (`isPerson`: whether a handle
    /// has an iMessage account). Changes nothing: `finish` takes the sheet down once the
    /// caller has done what the answer says.
    func finishing(_ action: ComposeAction, device: String, isPerson: (String) -> Bool) throws(WireError) -> (
        Sheet, Finishing
    ) {
        guard let sheet = self.sheets[device] else {
            throw .control(.invalidState, "no compose sheet is up on \(device)")
        }
        switch action {
        case .cancel:
            return (sheet, .unsent(ComposeResult(result: .cancelled), reason: "cancelled by the user"))
        case .send:
            guard !sheet.messages.isEmpty else {
                throw .control(.invalidState, "the compose sheet on \(device) is empty: nothing to send (cancel it)")
            }
            let unknown = sheet.recipients.filter { !isPerson($0) }
            guard unknown.isEmpty else {
                let reason = "no iMessage account for \(unknown.joined(separator: ", ")): nothing was sent"
                return (sheet, .unsent(ComposeResult(result: .failed, reason: reason), reason: reason))
            }
            return (sheet, .send)
        }
    }
}

extension ParentApps.Sheet {
    /// What Send sends, in order: the bubble (the app's, under its install), then the text
    /// (the user's), as the input field sends them.
    var messages: [(content: MessageContent, app: String?, install: String?)] {
        let text = self.body ?? ""
        return (self.content.map { [($0, self.app, self.installID)] } ?? [])
            + (text.isEmpty ? [] : [(.text(text), nil, nil)])
    }

    /// The `composePresented` event's detail: to whom, and whether it carries a message.
    var summary: String {
        "to \(self.recipients.joined(separator: ", "))" + (self.content == nil ? "" : " with a message")
    }
}

extension ParentApps.Refusal {
    /// The error the app's `presentMessageCompose` gets, naming `app` and `device`.
    func error(app: String, device: String) -> WireError {
        switch self {
        case .notInForeground:
            .compose(
                .notInForeground,
                "\(app) is not in the foreground of \(device): the user closed it (openParentApp brings it back)")
        case .alreadyPresented:
            .compose(
                .composeAlreadyPresented,
                "a compose sheet is already up on \(device): the user must send or cancel it first")
        }
    }
}
