/// `setView` (extension → host): the instance's whole view (PROTOCOL.md §4.4).
public struct SetViewBody: Codable, Hashable, Sendable {
    public var instance: String
    public var view: ViewValue
    public init(instance: String, view: ViewValue) {
        self.instance = instance
        self.view = view
    }
}

/// Body of control `view`: the view of the app open on a device.
public typealias ViewRequest = DeviceRequest

/// Reply of control `view`: the app open on the device and its main instance's view; every
/// field null when no app is open, `view` null when the instance set none. Images are files in
/// the daemon's store (`{"url": "file:///…"}`).
public struct ViewResult: Codable, Hashable, Sendable {
    public var app: String?
    public var instance: String?
    public var presentationStyle: PresentationStyle?
    public var view: ViewValue?
    public init(
        app: String? = nil, instance: String? = nil, presentationStyle: PresentationStyle? = nil, view: ViewValue? = nil
    ) {
        self.app = app
        self.instance = instance
        self.presentationStyle = presentationStyle
        self.view = view
    }

    // Nulls are written out: "no app open" is an answer, not a missing field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.app, forKey: .app)
        try container.encode(self.instance, forKey: .instance)
        try container.encode(self.presentationStyle, forKey: .presentationStyle)
        try container.encode(self.view, forKey: .view)
    }
}

/// Body of control `activate`: the user activates a button of the open app's view, with the
/// text typed in its text fields (by id; fields not named keep the text the view gave them).
public struct ActivateRequest: Codable, Hashable, Sendable {
    public var device: String
    public var button: String
    public var fields: [String: String]?
    public init(device: String, button: String, fields: [String: String]? = nil) {
        self.device = device
        self.button = button
        self.fields = fields
    }
}
