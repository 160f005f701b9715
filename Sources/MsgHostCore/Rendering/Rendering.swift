import HashTreeCollections
import MsgHostProtocol

/// How messages and conversations look to each reader: an install (identifiers scoped to it,
/// tokens translated) or a device's owner (contact names, fallbacks). A read-only view of the
/// world and what the screens know of live bubbles; it changes nothing (SPEC §2).
struct Rendering {
    let world: World
    let settings: HostSettings
    /// The size each live bubble asked for (`Screens.liveSizes`).
    let liveSizes: TreeDictionary<LiveBubbleKey, SizeValue>

    /// `MSConversation` for an instance: identifiers scoped to its install, and the selected
    /// message (only ever one of the app's own). Pure: identifiers exist from the install on.
    func conversationValue(for instance: Instance) throws(HistoryUnreadable) -> ConversationValue {
        let owner = self.world.devices[instance.device]?.owner ?? ""
        let members = self.world.conversations[instance.conversation]?.members ?? []
        let local = self.world.identifier(install: instance.installID, person: owner)
        let remote = members.filter { $0 != owner }.map {
            self.world.identifier(install: instance.installID, person: $0)
        }
        var selected: MessageValue?
        if let entryID = instance.selectedEntry,
            let entry = try self.world.entry(entryID, device: instance.device, conversation: instance.conversation),
            entry.kind == .bubble, let stored = try self.world.message(entry.messageID), stored.app == instance.app
        {
            selected = self.messageValue(stored, for: instance.installID)
        }
        return ConversationValue(
            localParticipantIdentifier: local, remoteParticipantIdentifiers: remote, selectedMessage: selected)
    }

    /// The `MSMessage` as `install` sees it: the sender and every `$<uuid>` token as that
    /// install's identifiers, files as `file://` URLs into the daemon's store.
    func messageValue(_ stored: StoredMessage, for install: String) -> MessageValue {
        guard case .app(var message, let image, let media) = stored.content else { return MessageValue() }
        if let senderInstall = stored.senderInstall {
            message.mapTexts { text in
                Tokens.replace(in: text) { uuid in
                    guard let person = self.world.person(withIdentifier: uuid, in: senderInstall) else { return nil }
                    return "$" + self.world.identifier(install: install, person: person)
                }
            }
        }
        message.senderParticipantIdentifier = self.world.identifier(install: install, person: stored.sender)
        message.isPending = false
        if let image { message.setImage(FrameReference(url: self.fileURL(image))) }
        if let media { message.setMediaFileURL(self.fileURL(media)) }
        return message
    }

    /// The one way a message callback is made (`didReceive`, `didStartSending`,
    /// `didCancelSending`, `willSelect`/`didSelect`): the message and the conversation as the
    /// instance's install sees them.
    func messageCallback(_ type: CallbackType, _ stored: StoredMessage, to instance: Instance, pending: Bool = false)
        throws(HistoryUnreadable) -> (CallbackType, OutboundBody)
    {
        var message = self.messageValue(stored, for: instance.installID)
        if pending { message.isPending = true }
        let body = MessageCallbackBody(
            instance: instance.id, message: message, conversation: try self.conversationValue(for: instance))
        return (type, .message(body))
    }

    func fileURL(_ file: StoredFile) -> String { "file://" + self.settings.filesDirectory + "/" + file.storedName }

    func fileValue(_ file: StoredFile) -> FileValue {
        FileValue(
            url: self.fileURL(file), filename: file.filename, mediaType: file.mediaType, byteCount: file.byteCount)
    }

    /// A text as `device`'s owner reads it: `$<uuid>` tokens of the sending install become the
    /// names in that device's contact book.
    func rendered(_ text: String, sentBy install: String?, on device: String) -> String {
        guard let install else { return text }
        return Tokens.replace(in: text) { uuid in
            self.world.person(withIdentifier: uuid, in: install).map { self.world.contactName(of: $0, on: device) }
        }
    }

    /// One transcript entry as `device` shows it.
    func entryValue(_ entry: TranscriptEntry, index: Int, device: Device) throws(HistoryUnreadable)
        -> TranscriptEntryValue?
    {
        guard let stored = try self.world.message(entry.messageID) else { return nil }
        return self.entryValue(entry, of: stored, index: index, device: device)
    }

    /// An entry of `stored` as `device` shows it (also for a staged item, not yet stored).
    func entryValue(_ entry: TranscriptEntry, of stored: StoredMessage, index: Int, device: Device)
        -> TranscriptEntryValue
    {
        var value = TranscriptEntryValue(
            index: index, entry: entry.id, messageID: stored.id, kind: "", sender: stored.sender,
            senderName: self.world.contactName(of: stored.sender, on: device.id), senderDevice: stored.senderDevice,
            app: stored.app, sentAt: stored.sentAt)
        // A local function, not a closure in a `let`: that one boxed a copy of this whole
        // `Rendering` (the world's parts, a retain each) for every entry rendered.
        func render(_ text: String) -> String { self.rendered(text, sentBy: stored.senderInstall, on: device.id) }
        switch (entry.kind, stored.content) {
        case (.summary, .app(let message, _, _)):
            value.kind = "summary"
            value.text = message.summaryText.map(render) ?? self.settings.nilSummaryText
        case (.legacyImage, .app(_, let image, let media)):
            value.kind = "legacyImage"
            value.file = (image ?? media).map { self.fileValue($0) }
        case (.legacyURL, .app(let message, _, _)):
            value.kind = "legacyURL"
            value.text = message.url
        case (_, .app(let message, _, _)):
            value.kind = "message"
            let installed = stored.app.flatMap { self.world.install(device: device.id, app: $0) }
            let isLive = if case .live = message.layout { true } else { false }
            value.rendering =
                isLive ? (installed != nil && device.platform.runsLiveLayouts ? "live" : "alternate") : "template"
            if let installed {
                let seen = self.messageValue(stored, for: installed.id)
                value.message = seen
                value.senderParticipantIdentifier = seen.senderParticipantIdentifier
            }
            // Not installed: no install sees it, so there is no `message` (PROTOCOL.md §7): an
            // identifier or token of another install would leak into this device's view.
            let template = message.layout?.template ?? TemplateLayoutValue()
            value.rendered = RenderedText(
                caption: template.caption.map(render), subcaption: template.subcaption.map(render),
                trailingCaption: template.trailingCaption.map(render),
                trailingSubcaption: template.trailingSubcaption.map(render),
                imageTitle: template.imageTitle.map(render), imageSubtitle: template.imageSubtitle.map(render),
                summaryText: message.summaryText.map(render))
            value.liveSize = self.liveSizes[LiveBubbleKey(device: device.id, entry: entry.id)]
            value.expiring = message.shouldExpire == true ? true : nil
        case (_, .text(let text)):
            value.kind = "text"
            value.text = text
        case (_, .sticker(let file, let description)):
            value.kind = "sticker"
            value.text = description
            value.file = self.fileValue(file)
        case (_, .peeledSticker(let file, let description, let onto)):
            value.kind = "sticker"
            value.text = description
            value.file = self.fileValue(file)
            value.peeledOnto = onto
        case (_, .attachment(let file)):
            value.kind = "attachment"
            value.text = file.filename
            value.file = self.fileValue(file)
        }
        value.kept = entry.kept ? true : nil
        return value
    }

    /// The staged item as the device shows it in its input field.
    func stagedValue(_ item: StagedItem, device: Device, conversation: String) -> TranscriptEntryValue {
        let stored = StoredMessage.staged(
            item.content, app: item.app, install: item.install, device: device.id, owner: device.owner,
            conversation: conversation, at: item.stagedAt)
        var value = self.entryValue(
            TranscriptEntry(id: 0, messageID: "staged", kind: .bubble), of: stored, index: 0, device: device)
        value.message?.isPending = true
        return value
    }
}

extension MessageValue {
    mutating func setImage(_ image: FrameReference) { self.changeLayout { $0.image = image } }

    mutating func setMediaFileURL(_ url: String) { self.changeLayout { $0.mediaFileURL = url } }

    /// Changes the template layout, or a live layout's alternate one; nothing without a layout.
    private mutating func changeLayout(_ change: (inout TemplateLayoutValue) -> Void) {
        switch self.layout {
        case .template(var layout):
            change(&layout)
            self.layout = .template(layout)
        case .live(var layout):
            change(&layout)
            self.layout = .live(alternateLayout: layout)
        case nil: break
        }
    }
}
