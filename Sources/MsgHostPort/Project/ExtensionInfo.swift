import Foundation

/// What an iOS Messages extension's Info.plist says that msghost needs: the bundle id and
/// display name for the app's manifest, what Messages starts (a principal class or a main
/// storyboard) for `main.swift`, and the presentation contexts (`contexts:` in the manifest).
///
/// Xcode leaves build settings in the plist (`$(PRODUCT_BUNDLE_IDENTIFIER)`,
/// `$(PRODUCT_MODULE_NAME).MessagesViewController`); they are expanded from the project's
/// settings when the port has them, and a value that stays unexpanded is an error naming
/// the key, so that a manifest never carries `$(…)`.
public struct ExtensionInfo: Equatable, Sendable {
    /// What Messages makes first: `NSExtensionPrincipalClass` or `NSExtensionMainStoryboard`.
    public enum Entry: Equatable, Sendable {
        case principalClass(String)
        case mainStoryboard(String)
    }

    public var bundleID: String
    public var displayName: String
    public var entry: Entry
    /// `messages`, `media` (MSSupportedPresentationContexts), `messages` when it names none.
    public var contexts: [String]

    /// The extension point of iMessage apps, the only one ported.
    public static let messagesExtensionPoint = "com.apple.message-payload-provider"

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Reads the plist's bytes (XML, binary or OpenStep); `settings` are the build settings
    /// that `$(NAME)` and `${NAME}` refer to (with `:rfc1034identifier` and similar modifiers
    /// taken as the plain value); `fallbackBundleID` is used when the plist has none.
    public init(plist data: Data, settings: [String: String], fallbackBundleID: String) throws(Problem) {
        let root: [String: Any]
        switch PropertyList.dictionary(data, file: "Info.plist") {
        case .success(let dictionary): root = dictionary
        case .failure(let problem): throw Problem(description: problem)
        }
        func value(_ key: String, in dictionary: [String: Any]) throws(Problem) -> String? {
            guard let raw = dictionary[key] else { return nil }
            guard let text = raw as? String else { throw Problem(description: "Info.plist: \(key) is not a string") }
            return try Self.expand(text, key: key, settings: settings)
        }
        guard let attributes = root["NSExtension"] as? [String: Any] else {
            throw Problem(description: "Info.plist has no NSExtension dictionary: it is not an app extension's")
        }
        let point = try value("NSExtensionPointIdentifier", in: attributes)
        guard point == Self.messagesExtensionPoint else {
            throw Problem(
                description:
                    "Info.plist is of a \(point ?? "(no NSExtensionPointIdentifier)") extension, not an iMessage app's (\(Self.messagesExtensionPoint))"
            )
        }
        if let storyboard = try value("NSExtensionMainStoryboard", in: attributes) {
            self.entry = .mainStoryboard(storyboard)
        } else if let principal = try value("NSExtensionPrincipalClass", in: attributes) {
            // "$(PRODUCT_MODULE_NAME).MessagesViewController": the module is the package's.
            self.entry = .principalClass(String(principal.split(separator: ".").last ?? Substring(principal)))
        } else {
            throw Problem(
                description:
                    "Info.plist's NSExtension names neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass")
        }
        self.bundleID = try value("CFBundleIdentifier", in: root) ?? fallbackBundleID
        let displayName = try value("CFBundleDisplayName", in: root)
        let name = try value("CFBundleName", in: root)
        self.displayName = displayName ?? name ?? self.bundleID
        let extensionAttributes = attributes["NSExtensionAttributes"] as? [String: Any] ?? [:]
        let declared = extensionAttributes["MSSupportedPresentationContexts"] as? [String] ?? []
        let contexts = declared.compactMap { name -> String? in
            switch name {
            case "MSMessagesAppPresentationContextMessages": "messages"
            case "MSMessagesAppPresentationContextMedia": "media"
            default: nil
            }
        }
        self.contexts = contexts.isEmpty ? ["messages"] : contexts
    }

    /// `text` with each `$(NAME)` / `${NAME}` replaced by the setting; an unknown one is an error.
    static func expand(_ text: String, key: String, settings: [String: String]) throws(Problem) -> String {
        var out = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "$") {
            out += rest[..<start]
            let after = rest.index(after: start)
            guard after < rest.endIndex, let close: Character = ["(": ")", "{": "}"][rest[after]],
                let end = rest[after...].firstIndex(of: close)
            else {
                out.append("$")
                rest = rest[after...]
                continue
            }
            let name = rest[rest.index(after: after)..<end].split(separator: ":").first.map(String.init) ?? ""
            guard let setting = settings[name] else {
                throw Problem(
                    description:
                        "Info.plist: \(key) is \"\(text)\", and the build setting \(name) is not known (give it with --setting \(name)=VALUE)"
                )
            }
            out += setting
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }
}
