import MsgHostProtocol

/// Host-side checks of a view an extension sets (PROTOCOL.md §4.4 "setView"): the limits that
/// keep one view small enough to draw and to send to every front end, each refused with
/// `invalidBody` naming the element at fault, e.g. `view.elements[2].elements[0].id`.
public enum ViewValidation {
    public static let maxElements = 256
    public static let maxDepth = 4
    public static let maxIDCharacters = 128
    public static let maxTextCharacters = 4_096
    public static let imageSides = 1...4_096
    /// A choice's options: enough for a picker of months or of a poll's dates.
    public static let choiceOptions = 1...64
    /// A sticker element's index in the app's `stickers` answer (as a drawer's).
    public static let stickerIndices = 0..<StickerDrawer.maximumStickers
    /// A screen's items: as many as a view's elements.
    public static let maxScreenItems = 256
    /// How far outside the screen an item's frame may reach (a view scrolled partly off it).
    public static let screenReach = -4_096.0...8_192.0

    /// An image element's binary frame, with where it is in the view (for errors).
    public struct ImageFrame: Hashable, Sendable {
        public var path: String
        public var frame: Int
    }

    /// The view's image frames in document order, or the first limit it breaks.
    /// `frameCount` is the number of binary frames the request carried.
    public static func validate(_ view: ViewValue, frameCount: Int) throws(WireError) -> [ImageFrame] {
        var walk = Walk(frameCount: frameCount)
        try walk.visit(view.elements, path: "view.elements", depth: 1)
        return walk.images
    }

    private struct Walk {
        let frameCount: Int
        var count = 0
        var ids: [String: String] = [:]
        var images: [ImageFrame] = []
        var hasScreen = false

        init(frameCount: Int) { self.frameCount = frameCount }

        static func screenItems(_ items: [ScreenItem], _ here: String) throws(WireError) {
            guard items.count <= ViewValidation.maxScreenItems else {
                throw .protocolError(
                    .invalidBody,
                    "\(here).items has \(items.count) items; a screen has at most \(ViewValidation.maxScreenItems)")
            }
            for (index, item) in items.enumerated() {
                let path = "\(here).items[\(index)]"
                for (value, name) in [(item.x, "x"), (item.y, "y")]
                where !(value.isFinite && ViewValidation.screenReach.contains(value)) {
                    throw .protocolError(
                        .invalidBody,
                        "\(path).\(name) must be a number from \(Int(ViewValidation.screenReach.lowerBound)) to \(Int(ViewValidation.screenReach.upperBound)); got \(value)"
                    )
                }
                for (value, name) in [(item.width, "width"), (item.height, "height")]
                where !(value.isFinite && (0...Double(ViewValidation.imageSides.upperBound)).contains(value)) {
                    throw .protocolError(
                        .invalidBody,
                        "\(path).\(name) must be a number from 0 to \(ViewValidation.imageSides.upperBound); got \(value)"
                    )
                }
                if let label = item.label { try Self.text(label, "\(path).label") }
                if let value = item.value { try Self.text(value, "\(path).value") }
            }
        }

        mutating func visit(_ elements: [ViewElement], path: String, depth: Int) throws(WireError) {
            // `depth` is the depth of `elements` (a top-level element is at 1): past the limit
            // only an empty row's nothing may sit, so rows hold rows at most 3 deep.
            guard depth <= ViewValidation.maxDepth || elements.isEmpty else {
                throw .protocolError(
                    .invalidBody,
                    "\(path): elements here would be \(depth) deep; elements nest at most \(ViewValidation.maxDepth) deep (a top-level element is at depth 1, so rows in rows at most \(ViewValidation.maxDepth - 1))"
                )
            }
            for (index, element) in elements.enumerated() {
                let here = "\(path)[\(index)]"
                self.count += 1
                guard self.count <= ViewValidation.maxElements else {
                    throw .protocolError(
                        .invalidBody,
                        "\(here): a view has at most \(ViewValidation.maxElements) elements in all (rows and their elements included)"
                    )
                }
                switch element {
                case .text(let text, _):
                    try Self.text(text, "\(here).text")
                case .image(let image, let label, let width, let height):
                    try self.image(image, label: label, width: width, height: height, here)
                case .sticker(let image, let sticker, let label, let width, let height):
                    guard ViewValidation.stickerIndices.contains(sticker) else {
                        throw .protocolError(
                            .invalidBody,
                            "\(here).sticker must be from 0 to \(ViewValidation.stickerIndices.upperBound - 1); got \(sticker)"
                        )
                    }
                    try self.image(image, label: label, width: width, height: height, here)
                case .button(let id, let title, _, _):
                    try self.identifier(id, "\(here).id")
                    try Self.text(title, "\(here).title")
                case .textField(let id, let placeholder, let text):
                    try self.identifier(id, "\(here).id")
                    if let placeholder { try Self.text(placeholder, "\(here).placeholder") }
                    if let text { try Self.text(text, "\(here).text") }
                case .row(let children):
                    try self.visit(children, path: "\(here).elements", depth: depth + 1)
                case .choice(let id, let options, let selected, _):
                    try self.identifier(id, "\(here).id")
                    try Self.choice(options, selected: selected, here)
                case .toggle(let id, let title, _):
                    try self.identifier(id, "\(here).id")
                    try Self.text(title, "\(here).title")
                case .date(let id, let title, let mode, let value, let minimum, let maximum):
                    try self.identifier(id, "\(here).id")
                    if let title { try Self.text(title, "\(here).title") }
                    try Self.date(mode ?? .date, value: value, minimum: minimum, maximum: maximum, here)
                case .screen(let image, let width, let height, let items):
                    guard depth == 1, !self.hasScreen else {
                        throw .protocolError(
                            .invalidBody, "\(here): a view has at most one screen, among its top-level elements")
                    }
                    self.hasScreen = true
                    try self.image(image, label: nil, width: width, height: height, here)
                    try Self.screenItems(items, here)
                }
            }
        }

        mutating func image(_ image: FrameReference, label: String?, width: Int?, height: Int?, _ here: String)
            throws(WireError)
        {
            guard let frame = image.frame, image.url == nil, (0..<self.frameCount).contains(frame) else {
                throw .protocolError(
                    .invalidBody,
                    "\(here).image must be {\"frame\": N} naming one of the \(self.frameCount) binary frames")
            }
            if let label { try Self.text(label, "\(here).accessibilityLabel") }
            for (side, name) in [(width, "width"), (height, "height")] {
                if let side, !ViewValidation.imageSides.contains(side) {
                    throw .protocolError(
                        .invalidBody,
                        "\(here).\(name) must be from 1 to \(ViewValidation.imageSides.upperBound); got \(side)")
                }
            }
            self.images.append(ImageFrame(path: "\(here).image", frame: frame))
        }

        static func choice(_ options: [ViewOption], selected: String?, _ here: String) throws(WireError) {
            guard ViewValidation.choiceOptions.contains(options.count) else {
                throw .protocolError(
                    .invalidBody,
                    "\(here).options has \(options.count) options; a choice has \(ViewValidation.choiceOptions.lowerBound) to \(ViewValidation.choiceOptions.upperBound)"
                )
            }
            var seen: Set<String> = []
            for (index, option) in options.enumerated() {
                guard !option.id.isEmpty, option.id.count <= ViewValidation.maxIDCharacters else {
                    throw .protocolError(
                        .invalidBody,
                        "\(here).options[\(index)].id must be 1 to \(ViewValidation.maxIDCharacters) characters; got \(option.id.count)"
                    )
                }
                guard seen.insert(option.id).inserted else {
                    throw .protocolError(
                        .invalidBody,
                        "\(here).options[\(index)].id: \"\(option.id)\" is already an option of this choice")
                }
                try Self.text(option.title, "\(here).options[\(index)].title")
            }
            if let selected, !seen.contains(selected) {
                throw .protocolError(.invalidBody, "\(here).selected: \"\(selected)\" is not one of the options' ids")
            }
        }

        static func date(_ mode: ViewDateMode, value: String?, minimum: String?, maximum: String?, _ here: String)
            throws(WireError)
        {
            func parse(_ text: String?, _ key: String) throws(WireError) -> ViewDateValue? {
                guard let text else { return nil }
                guard let parsed = mode.parse(text) else {
                    throw .protocolError(
                        .invalidBody,
                        "\(here).\(key) must be a \(mode.rawValue) as \(mode.format); got \"\(text.prefix(40))\"")
                }
                return parsed
            }
            let (value, low, high) = (
                try parse(value, "value"), try parse(minimum, "minimum"), try parse(maximum, "maximum")
            )
            if let low, let high, high < low {
                throw .protocolError(.invalidBody, "\(here).maximum is before its minimum")
            }
            if let value, let low, value < low {
                throw .protocolError(.invalidBody, "\(here).value is before its minimum")
            }
            if let value, let high, high < value {
                throw .protocolError(.invalidBody, "\(here).value is after its maximum")
            }
        }

        mutating func identifier(_ id: String, _ path: String) throws(WireError) {
            guard !id.isEmpty, id.count <= ViewValidation.maxIDCharacters else {
                throw .protocolError(
                    .invalidBody, "\(path) must be 1 to \(ViewValidation.maxIDCharacters) characters; got \(id.count)")
            }
            if let first = self.ids[id] {
                throw .protocolError(
                    .invalidBody,
                    "\(path): \"\(id)\" is already the id of \(first); ids must be unique among a view's buttons and inputs"
                )
            }
            self.ids[id] = path
        }

        static func text(_ text: String, _ path: String) throws(WireError) {
            guard text.count <= ViewValidation.maxTextCharacters else {
                throw .protocolError(
                    .invalidBody, "\(path) is \(text.count) characters; at most \(ViewValidation.maxTextCharacters)")
            }
        }
    }
}

extension ViewValue {
    /// Every element, rows' elements included, in document order.
    func flattened() -> [ViewElement] {
        func walk(_ elements: [ViewElement]) -> [ViewElement] {
            elements.flatMap { element -> [ViewElement] in
                if case .row(let children) = element { return [element] + walk(children) }
                return [element]
            }
        }
        return walk(self.elements)
    }

    /// The view with its image elements' frames replaced, in document order, by `images`.
    func replacingImages(with images: [FrameReference]) -> ViewValue {
        var remaining = images[...]
        func walk(_ elements: [ViewElement]) -> [ViewElement] {
            elements.map { element in
                switch element {
                case .image(_, let label, let width, let height):
                    return .image(
                        remaining.popFirst() ?? FrameReference(url: ""), accessibilityLabel: label, width: width,
                        height: height)
                case .sticker(_, let sticker, let label, let width, let height):
                    return .sticker(
                        remaining.popFirst() ?? FrameReference(url: ""), sticker: sticker, accessibilityLabel: label,
                        width: width, height: height)
                case .screen(_, let width, let height, let items):
                    return .screen(
                        remaining.popFirst() ?? FrameReference(url: ""), width: width, height: height, items: items)
                case .row(let children):
                    return .row(walk(children))
                default:
                    return element
                }
            }
        }
        return ViewValue(elements: walk(self.elements))
    }
}
