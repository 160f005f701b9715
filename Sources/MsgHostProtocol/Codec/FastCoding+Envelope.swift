/// The messages every exchange has: the header, reply status and the plain replies.

extension Header: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("id", self.id)
            writer.field("replyTo", self.replyTo)
            writer.field("time", self.time)
            writer.field("type", self.type)
        }
    }

    public init?(json: JSONTree) {
        guard let object = json.objectValue, let id = object.required("id"), let type = object.required("type"),
            let replyTo = object.optional("replyTo"), let time = object["time"]?.integerValue
        else { return nil }
        self.init(id: id, type: type, replyTo: replyTo, time: time)
    }
}

extension ReplyStatus: FastDecodable {
    /// `{"status": …}` without an error object; a reply that carries one is Foundation's to read.
    public init?(json: JSONTree) {
        guard let object = json.objectValue, let status = object.required("status") else { return nil }
        switch object["error"] {
        case nil, .null?: self.init(status: status, error: nil)
        default: return nil
        }
    }
}

extension OKReply: FastEncodable where Result: FastEncodable {
    /// `{"status":"ok"}` with the result's fields beside it, in key order.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("status", "ok")
        writer.mergeNextObject()
        self.result.write(to: &writer)
        writer.endObject()
    }
}

extension Empty: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) { writer.object { _ in } }
    public init?(json: JSONTree) {
        guard json.objectValue != nil else { return nil }
        self.init()
    }
}

extension InstanceBody: FastEncodable, FastDecodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { $0.field("instance", self.instance) }
    }

    public init?(json: JSONTree) {
        guard let instance = json.objectValue?.required("instance") else { return nil }
        self.init(instance: instance)
    }
}

extension HelloBody: FastDecodable {
    public init?(json: JSONTree) {
        guard let object = json.objectValue, let app = object.required("app"),
            let version = object["protocol"]?.integerValue,
            let pid = object.optionalInt("pid"), let sdk = object.optional("sdk"),
            let device = object.optional("attachDevice"),
            let major = Int(exactly: version)
        else { return nil }
        self.init(app: app, protocol: major, pid: pid, sdk: sdk, attachDevice: device)
    }
}

extension HelloResult: FastEncodable {
    public func write(to writer: inout JSONWriter) {
        writer.object { $0.field("protocol", self.protocol) }
    }
}
