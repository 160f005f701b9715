import MsgHostProtocol

/// The input field of each device's conversations (SPEC §4): the text the user typed and the
/// item an app staged there. An insert replaces what was staged; Send takes the staged item,
/// then the text, and empties the field; Cancel deletes the staged item. Only a member's
/// device has a field in a conversation.
extension World {
    /// The field of `conversation` on `device`, a member's.
    func field(device deviceID: String, conversation id: String) throws(WireError) -> (Device, Conversation, InputField)
    {
        let device = try self.device(deviceID)
        let conversation = try self.memberConversation(id, of: device)
        return (device, conversation, self.inputField(device: device.id, conversation: conversation.id))
    }

    /// `typeText`: the field's text is now `text`.
    mutating func type(_ text: String, device: String, conversation: String) throws(WireError) -> [WorldChange] {
        var (_, _, field) = try self.field(device: device, conversation: conversation)
        field.text = text
        return self.setInputField(field, device: device, conversation: conversation)
    }

    /// An app's insert: `item` replaces whatever was staged in the field.
    mutating func stage(_ item: StagedItem, device: String, conversation: String) -> [WorldChange] {
        var field = self.inputField(device: device, conversation: conversation)
        field.staged = item
        return self.setInputField(field, device: device, conversation: conversation)
    }

    /// The user taps Send: the field is emptied, and what it held is returned to be sent.
    mutating func takeForSending(device: String, conversation: String) throws(WireError) -> (
        Device, InputField, [WorldChange]
    ) {
        let (owner, _, field) = try self.field(device: device, conversation: conversation)
        guard !field.isEmpty else {
            throw .control(.invalidState, "the input field of \(device) in \(conversation) is empty: nothing to send")
        }
        return (owner, field, self.setInputField(InputField(), device: device, conversation: conversation))
    }

    /// The user deletes the staged item: it is returned, the text stays.
    mutating func cancelStaged(device: String, conversation: String) throws(WireError) -> (
        Device, StagedItem, [WorldChange]
    ) {
        var (owner, _, field) = try self.field(device: device, conversation: conversation)
        guard let item = field.staged else {
            throw .control(.invalidState, "nothing is staged in the input field of \(device) in \(conversation)")
        }
        field.staged = nil
        return (owner, item, self.setInputField(field, device: device, conversation: conversation))
    }
}
