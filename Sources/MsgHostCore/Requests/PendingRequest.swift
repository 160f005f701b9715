import MsgHostProtocol

/// A request waiting for the shell to look at its files (`HostAction.inspectFiles`): what it
/// will put in the conversation once they pass, and what it holds meanwhile.
struct PendingRequest: Sendable {
    enum Content: Sendable {
        case message(MessageValue, imageCheck: Int?, mediaCheck: Int?)
        case sticker(description: String)
        case attachment
        /// `setView`: the view, the serial of its request, and where each image is in it.
        case view(ViewValue, serial: Int, imagePaths: [String])
    }

    var launchID: String
    var instanceID: String
    var requestID: String
    var type: RequestType
    var content: Content
    /// What it holds while its files are looked at, besides its content.
    var holding = Holding.nothing
    /// The control actions it is a consequence of: their replies wait for it.
    var causes: Set<Int> = []

    /// What a parked request holds that only one kind of request has.
    enum Holding: Sendable {
        /// An insert, a view, or a send whose instance had no touch to take.
        case nothing
        /// A direct send: the touch it took, given back if its files fail.
        case touch(UserTouch.Taken)
        /// `presentMessageCompose`: the sheet's recipients and text, besides its message.
        case sheet(recipients: [String], body: String?)
    }

    /// A `setView`'s images, not content for a conversation (`viewFilesChecked` takes it).
    var isView: Bool { if case .view = self.content { true } else { false } }
}

extension PendingRequest.Content {
    /// An `MSMessage` from an extension or a parent app, validated, with the looks at its
    /// files (`layout.image` bytes, `layout.mediaFileURL`) it needs before it may be kept.
    static func message(_ message: MessageValue, buffers: [[UInt8]]) throws(WireError) -> (Self, [FileCheck]) {
        let message = try MessageValidation.validate(message).get()
        var checks: [FileCheck] = []
        var imageCheck: Int?
        var mediaCheck: Int?
        if let image = message.layout?.template.image {
            guard let frame = image.frame, buffers.indices.contains(frame) else {
                throw .protocolError(
                    .invalidBody,
                    "message.layout.image must be {\"frame\": N} naming one of the \(buffers.count) binary frames")
            }
            imageCheck = checks.count
            checks.append(FileCheck(source: .bytes(buffers[frame]), purpose: .layoutImage))
        }
        if let media = message.layout?.template.mediaFileURL {
            mediaCheck = checks.count
            checks.append(FileCheck(source: .url(media), purpose: .layoutMedia))
        }
        return (.message(message, imageCheck: imageCheck, mediaCheck: mediaCheck), checks)
    }

    /// What goes into the conversation once the files passed, in the order of their checks:
    /// the store's copies replace what the extension pointed at. Nil for a view, which is not
    /// content (`viewFilesChecked` takes it).
    func content(with files: [StoredFile]) -> MessageContent? {
        switch self {
        case .message(var message, let imageCheck, let mediaCheck):
            message.clearFiles()
            return .app(message, image: imageCheck.map { files[$0] }, media: mediaCheck.map { files[$0] })
        case .sticker(let description):
            return files.first.map { .sticker($0, description: description) }
        case .attachment:
            return files.first.map { .attachment($0) }
        case .view:
            return nil
        }
    }
}

extension MessageValue {
    /// Drops the extension's own file references: the host keeps its copies beside the message.
    fileprivate mutating func clearFiles() {
        switch self.layout {
        case .template(var layout):
            layout.image = nil
            layout.mediaFileURL = nil
            self.layout = .template(layout)
        case .live(var layout):
            layout.image = nil
            layout.mediaFileURL = nil
            self.layout = .live(alternateLayout: layout)
        case nil: break
        }
    }
}
