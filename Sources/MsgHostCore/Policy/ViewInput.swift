import MsgHostProtocol

/// An input of a view, as `activate` sees it (PROTOCOL.md §4.9): what it delivers when the
/// user leaves it alone, and which strings a front end may send for it in `fields`.
public enum ViewInput: Hashable, Sendable {
    case text(String)
    case choice(options: [String], selected: String?)
    case toggle(on: Bool)
    case date(mode: ViewDateMode, value: String?, minimum: String?, maximum: String?)

    /// Every input of `view` by id.
    public static func inputs(of view: ViewValue) -> [String: ViewInput] {
        var inputs: [String: ViewInput] = [:]
        for element in view.flattened() {
            switch element {
            case .textField(let id, _, let text): inputs[id] = .text(text ?? "")
            case .choice(let id, let options, let selected, _):
                inputs[id] = .choice(options: options.map(\.id), selected: selected)
            case .toggle(let id, _, let on): inputs[id] = .toggle(on: on ?? false)
            case .date(let id, _, let mode, let value, let minimum, let maximum):
                inputs[id] = .date(mode: mode ?? .date, value: value, minimum: minimum, maximum: maximum)
            default: break
            }
        }
        return inputs
    }

    /// What it delivers untouched: the view's text, selected option, state or date; `""` for
    /// a choice or date with none.
    public var initialValue: String {
        switch self {
        case .text(let text): text
        case .choice(_, let selected): selected ?? ""
        case .toggle(let on): on ? "true" : "false"
        case .date(_, let value, _, _): value ?? ""
        }
    }

    /// Why `value` cannot be this input's value, or nil when it can. `""` is a choice or date
    /// input left without a value, as a front end reads an untouched one.
    public func problem(with value: String) -> String? {
        switch self {
        case .text:
            return value.count <= ViewValidation.maxTextCharacters
                ? nil : "is \(value.count) characters; at most \(ViewValidation.maxTextCharacters)"
        case .choice(let options, _):
            return value.isEmpty || options.contains(value)
                ? nil
                : "must be one of the choice's options (\(options.joined(separator: ", "))); got \"\(value.prefix(40))\""
        case .toggle:
            return value == "true" || value == "false"
                ? nil : "must be \"true\" or \"false\" for a toggle; got \"\(value.prefix(40))\""
        case .date(let mode, _, let minimum, let maximum):
            if value.isEmpty { return nil }
            guard let date = mode.parse(value) else {
                return "must be a \(mode.rawValue) as \(mode.format); got \"\(value.prefix(40))\""
            }
            if let minimum, let low = mode.parse(minimum), date < low {
                return "is before the input's minimum \(minimum)"
            }
            if let maximum, let high = mode.parse(maximum), high < date {
                return "is after the input's maximum \(maximum)"
            }
            return nil
        }
    }
}
