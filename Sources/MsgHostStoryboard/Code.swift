import Foundation

/// Swift source being written, a line at a time, indented by blocks.
struct Code {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ line: String = "") {
        self.text += line.isEmpty ? "\n" : String(repeating: "    ", count: self.depth) + line + "\n"
    }

    /// Another piece of code, indented here.
    mutating func append(_ other: Code) {
        for line in other.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            self.line(String(line))
        }
    }

    /// Whether the code names `variable` (so that a closure captures only what it uses).
    func uses(_ variable: String) -> Bool {
        self.text.range(of: "\\b\(variable)\\b", options: .regularExpression) != nil
    }

    /// `opening {`, the body indented, then `closing` (`}` by default).
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout Code) -> Void) {
        if !opening.isEmpty { self.line(opening) }
        self.depth += 1
        body(&self)
        self.depth -= 1
        self.line(closing)
    }
}

/// Swift spellings of the values of a file.
enum Spell {
    /// A string literal: Swift's own spelling of the string, its quotes, backslashes and
    /// control characters escaped.
    static func string(_ text: String) -> String { text.debugDescription }

    /// Whether `text` is a plain Swift identifier (letters, digits and `_`, not first a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A variable for the object of `id`: Xcode's ids (`BYZ-38-t0r`, `-1`) made identifiers.
    static func variable(_ id: String) -> String {
        "v_"
            + String(
                id.unicodeScalars.map {
                    ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) ? Character($0) : "_"
                })
    }

    /// A type name from a file name: `Main` → `Main`, `Sticker Cell` → `Sticker_Cell`.
    static func identifier(_ name: String) -> String {
        let mapped = String(
            name.unicodeScalars.map {
                ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) ? Character($0) : "_"
            })
        return mapped.first.map { $0.isNumber } == true ? "_" + mapped : mapped
    }

    static func cgFloat(_ value: Double) -> String { self.number(value) }

    static func rect(_ rect: Rect?) -> String {
        guard let rect else { return ".zero" }
        return
            "CGRect(x: \(self.number(rect.x)), y: \(self.number(rect.y)), width: \(self.number(rect.width)), height: \(self.number(rect.height)))"
    }

    static func color(_ color: Color) -> String? {
        switch color {
        case .white(let white, let alpha):
            return "UIColor(white: \(self.number(white)), alpha: \(self.number(alpha)))"
        case .rgb(let red, let green, let blue, let alpha):
            return
                "UIColor(red: \(self.number(red)), green: \(self.number(green)), blue: \(self.number(blue)), alpha: \(self.number(alpha)))"
        case .system(let name, let fallback):
            let bare = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
            if self.systemColors.contains(bare) { return "UIColor.\(bare)" }
            return fallback.map(self.rgba)
        case .named(_, let fallback):
            return fallback.map(self.rgba)
        }
    }

    private static func rgba(_ value: Rgba) -> String {
        "UIColor(red: \(self.number(value.red)), green: \(self.number(value.green)), blue: \(self.number(value.blue)), alpha: \(self.number(value.alpha)))"
    }

    /// The system colours MessagesSDK's `UIColor` has.
    static let systemColors: Set<String> = [
        "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow", "magenta",
        "orange",
        "purple", "brown", "clear", "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint",
        "systemTeal",
        "systemCyan", "systemBlue", "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray", "label",
        "secondaryLabel", "tertiaryLabel", "placeholderText", "systemBackground", "secondarySystemBackground",
        "tertiarySystemBackground", "separator", "link",
    ]

    static func font(_ font: Font) -> String {
        switch font {
        case .system(let size, let weight):
            if let weight { return "UIFont.systemFont(ofSize: \(self.number(size)), weight: .\(weight))" }
            return "UIFont.systemFont(ofSize: \(self.number(size)))"
        case .boldSystem(let size): return "UIFont.boldSystemFont(ofSize: \(self.number(size)))"
        case .italicSystem(let size): return "UIFont.italicSystemFont(ofSize: \(self.number(size)))"
        case .named(let name, let size):
            return
                "(UIFont(name: \(self.string(name)), size: \(self.number(size))) ?? UIFont.systemFont(ofSize: \(self.number(size))))"
        case .textStyle(let style):
            return "UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: \(self.string(style))))"
        }
    }
}
