/// The bodies of a user's send, end to end: control `touch`, the `touch` callback, the
/// extension's `sendMessage` and its reply, `didStartSending`; and the activation callbacks of
/// every launch.

extension MessageRequestBody: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("instance", self.instance)
            writer.field("message", self.message)
        }
    }

    public init?(json: JSONTree) {
        guard let object = json.objectValue, let instance = object.required("instance"),
            let message = object["message"].flatMap(MessageValue.init(json:))
        else { return nil }
        self.init(instance: instance, message: message)
    }
}

extension SendMessageResult: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { $0.field("message", self.message) }
    }
}

extension MessageCallbackBody: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("conversation", self.conversation)
            writer.field("instance", self.instance)
            writer.field("message", self.message)
        }
    }
}

extension TouchBody: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("button", self.button)
            if let fields = self.fields {
                writer.key("fields")
                writer.object { writer in
                    for (key, value) in fields { writer.field(key, value) }
                }
            }
            writer.field("instance", self.instance)
            writer.field("long", self.long)
            writer.field("payload", self.payload)
            writer.field("point", self.point)
            writer.field("steps", self.steps)
            writer.field("text", self.text)
            writer.field("to", self.to)
        }
    }
}

extension ScreenPoint: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("x")
            writer.number(self.x)
            writer.key("y")
            writer.number(self.y)
        }
    }
}

extension ActivationBody: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("conversation", self.conversation)
            writer.field("instance", self.instance)
            writer.field("presentationContext", self.presentationContext)
            writer.field("presentationStyle", self.presentationStyle)
        }
    }
}

extension TouchRequest: FastDecodable {
    public init?(json: JSONTree) {
        guard let object = json.objectValue, let device = object.required("device"),
            let payload = object.optional("payload", as: JSONValue.self)
        else { return nil }
        self.init(device: device, payload: payload)
    }
}
