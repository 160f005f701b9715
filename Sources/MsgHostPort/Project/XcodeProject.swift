import Foundation

/// The part of an `.xcodeproj` the port reads: its targets, and for the chosen one the build
/// settings Info.plist refers to and the folder its files are in. `project.pbxproj` is an
/// OpenStep property list, which Foundation reads; only `PBXNativeTarget`,
/// `XCConfigurationList` and `XCBuildConfiguration` objects are looked at.
public struct XcodeProject: Sendable {
    public struct Target: Equatable, Sendable {
        public var name: String
        public var productType: String
        /// The Debug configuration's settings (the first configuration when there is no Debug).
        public var settings: [String: String]

        public var isMessagesExtension: Bool { self.productType == "com.apple.product-type.app-extension.messages" }
    }

    public var targets: [Target]

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Reads `project.pbxproj`'s bytes.
    public init(pbxproj data: Data) throws(Problem) {
        let root: [String: Any]
        switch PropertyList.dictionary(data, file: "project.pbxproj") {
        case .success(let dictionary): root = dictionary
        case .failure(let problem): throw Problem(description: problem)
        }
        guard let objects = root["objects"] as? [String: Any] else {
            throw Problem(description: "project.pbxproj has no objects")
        }
        func object(_ id: Any?) -> [String: Any]? { (id as? String).flatMap { objects[$0] as? [String: Any] } }
        var targets: [Target] = []
        for case (_, let target as [String: Any]) in objects where target["isa"] as? String == "PBXNativeTarget" {
            let configurations = (object(target["buildConfigurationList"])?["buildConfigurations"] as? [String] ?? [])
                .compactMap { object($0) }
            let chosen = configurations.first { $0["name"] as? String == "Debug" } ?? configurations.first
            var settings: [String: String] = [:]
            for case (let key, let value as String) in chosen?["buildSettings"] as? [String: Any] ?? [:] {
                settings[key] = value
            }
            targets.append(
                Target(
                    name: target["name"] as? String ?? "", productType: target["productType"] as? String ?? "",
                    settings: settings))
        }
        self.targets = targets.sorted { $0.name < $1.name }
    }

    /// The target named `name`, or, with no name, the project's one Messages extension.
    public func target(named name: String?) throws(Problem) -> Target {
        if let name {
            guard let target = self.targets.first(where: { $0.name == name }) else {
                throw Problem(
                    description:
                        "the project has no target \(name) (its targets: \(self.targets.map(\.name).joined(separator: ", ")))"
                )
            }
            guard target.isMessagesExtension else {
                throw Problem(
                    description: "the target \(name) is a \(target.productType), not an iMessage app extension")
            }
            return target
        }
        let extensions = self.targets.filter(\.isMessagesExtension)
        guard extensions.count == 1, let only = extensions.first else {
            throw Problem(
                description: extensions.isEmpty
                    ? "the project has no iMessage app extension target (its targets: \(self.targets.map(\.name).joined(separator: ", ")))"
                    : "the project has several iMessage app extensions (\(extensions.map(\.name).joined(separator: ", "))): name one with --target"
            )
        }
        return only
    }
}

extension XcodeProject.Target {
    /// The settings Info.plist refers to, with what Xcode derives when the target leaves them
    /// out: the product and module names from the target's name.
    public var expansionSettings: [String: String] {
        var settings = self.settings
        let product = settings["PRODUCT_NAME"].flatMap { $0 == "$(TARGET_NAME)" ? nil : $0 } ?? self.name
        settings["TARGET_NAME"] = self.name
        settings["PRODUCT_NAME"] = product
        settings["PRODUCT_MODULE_NAME"] = settings["PRODUCT_MODULE_NAME"] ?? PortNames.moduleName(product)
        settings["EXECUTABLE_NAME"] = settings["EXECUTABLE_NAME"] ?? product
        settings["DEVELOPMENT_LANGUAGE"] = settings["DEVELOPMENT_LANGUAGE"] ?? "en"
        return settings
    }

    /// The folder of its Info.plist, relative to the project's folder (INFOPLIST_FILE), or
    /// the target's name, Xcode's default folder.
    public var folder: String {
        guard let plist = self.settings["INFOPLIST_FILE"], plist.contains("/") else { return self.name }
        return (plist as NSString).deletingLastPathComponent
    }
}

/// Names Xcode derives, and the package's own.
public enum PortNames {
    /// A product name as a Swift module name, as Xcode makes it: what is not a letter, digit
    /// or underscore becomes `_`, and a leading digit gets one before it.
    public static func moduleName(_ product: String) -> String {
        var name = String(product.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber ?? true { name = "_" + name }
        return name
    }
}
