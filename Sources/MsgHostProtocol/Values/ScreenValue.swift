/// What an extension's own screen holds, for those who cannot see its picture (a test, an
/// agent, `msghostctl view`): one item a control, label or image of the UIKit view tree, with
/// its frame in the screen's points (PROTOCOL.md §4.9, the `screen` element).
public struct ScreenItem: Codable, Hashable, Sendable {
    public enum Role: String, Codable, Hashable, Sendable, CaseIterable {
        /// `sticker`: an `MSStickerView`, whose `value` is its sticker's index among the app's
        /// stickers (`stickers`, PROTOCOL.md §4.11), for the host to insert or peel.
        case button, text, textField, image, `switch`, segmentedControl, control, view, sticker
    }

    public var role: Role
    /// A button's title, a label's text, a text field's placeholder, an image's or a view's
    /// accessibility label.
    public var label: String?
    /// A text field's text, a switch's `on`/`off`, a segmented control's selected title.
    public var value: String?
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Absent: enabled. A disabled control does nothing when tapped.
    public var enabled: Bool?

    public init(
        role: Role, label: String? = nil, value: String? = nil, x: Double, y: Double, width: Double, height: Double,
        enabled: Bool? = nil
    ) {
        self.role = role
        self.label = label
        self.value = value
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.enabled = enabled
    }

    private enum CodingKeys: String, CodingKey { case role, label, value, x, y, width, height, enabled }

    public init(from decoder: any Decoder) throws {
        try ViewElement.refuseUnknownKeys(
            in: decoder, known: ["role", "label", "value", "x", "y", "width", "height", "enabled"],
            what: "a screen item")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let role = try container.decode(String.self, forKey: .role)
        guard let known = Role(rawValue: role) else {
            throw DecodingError.dataCorruptedError(
                forKey: .role, in: container,
                debugDescription:
                    "must be one of \(Role.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(role)\"")
        }
        self.role = known
        self.label = try container.decodeIfPresent(String.self, forKey: .label)
        self.value = try container.decodeIfPresent(String.self, forKey: .value)
        self.x = try container.decode(Double.self, forKey: .x)
        self.y = try container.decode(Double.self, forKey: .y)
        self.width = try container.decode(Double.self, forKey: .width)
        self.height = try container.decode(Double.self, forKey: .height)
        self.enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled)
    }

    /// Its centre: where a tap on it lands.
    public var center: (x: Double, y: Double) { (self.x + self.width / 2, self.y + self.height / 2) }
}

/// Body of control `tapScreen`: the user taps the open app's own screen at a point (in its
/// points, from its top left), or presses there (`long`), and then types `text` into what the
/// tap made the first responder (a text field; a newline is the return key). With `to`, the
/// finger drags from the point to `to` instead, through `steps` moves (1–100, default 10),
/// and lifts there: neither long nor followed by typing.
public struct TapScreenRequest: Codable, Hashable, Sendable {
    /// How many moves a drag makes when `steps` is not given.
    public static let defaultDragSteps = 10
    /// The fewest and the most moves a drag may make.
    public static let dragSteps = 1...100

    public var device: String
    public var x: Double
    public var y: Double
    public var long: Bool?
    public var text: String?
    public var to: ScreenPoint?
    public var steps: Int?
    public init(
        device: String, x: Double, y: Double, long: Bool? = nil, text: String? = nil, to: ScreenPoint? = nil,
        steps: Int? = nil
    ) {
        self.device = device
        self.x = x
        self.y = y
        self.long = long
        self.text = text
        self.to = to
        self.steps = steps
    }
}

/// Where a tap on the screen lands, or a drag ends, in the `touch` callback (`point`, `to`).
public struct ScreenPoint: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension ViewResult {
    /// What the app's own screen shows (its `screen` elements' items), front to back as listed.
    public var screenItems: [ScreenItem] {
        self.view?.elements.flatMap { element -> [ScreenItem] in
            if case .screen(_, _, _, let items) = element { return items } else { return [] }
        } ?? []
    }

    /// The first item labelled exactly `label`, as a person finds "the button titled Send";
    /// nil, with the labels there are, when none is.
    public func screenItem(labelled label: String) -> Result<ScreenItem, ScreenLabelMissing> {
        let items = self.screenItems
        if let item = items.first(where: { $0.label == label }) { return .success(item) }
        return .failure(ScreenLabelMissing(label: label, labels: items.compactMap(\.label)))
    }
}

/// No item of a screen has the label asked for; `description` lists those it has.
public struct ScreenLabelMissing: Error, Hashable, Sendable, CustomStringConvertible {
    public var label: String
    public var labels: [String]
    public var description: String {
        "no item labelled \"\(self.label)\" on the screen (labels: \(self.labels.isEmpty ? "none" : self.labels.map { "\"\($0)\"" }.joined(separator: ", ")))"
    }
}
