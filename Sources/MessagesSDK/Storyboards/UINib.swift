import Foundation

/// `UINib`: a xib, compiled to Swift when the app was built (see `UIStoryboard` for why, and
/// for `CompiledStoryboards.register()`, which registers every xib of the target with
/// `UINib.register(_:)`). Each `instantiate(withOwner:options:)` builds its objects anew and
/// connects the outlets and actions the file gives its File's Owner to `ownerOrNil`.
@preconcurrency @MainActor
open class UINib {
    /// One compiled xib: its name (the file's, without `.xib`) and a function that builds its
    /// top-level objects for an owner, in the order of the file.
    public struct Definition {
        public let name: String
        public let instantiate: @MainActor (_ owner: AnyObject?) -> [Any]

        public init(name: String, instantiate: @escaping @MainActor (_ owner: AnyObject?) -> [Any]) {
            self.name = name
            self.instantiate = instantiate
        }
    }

    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    private static var compiled: [String: Definition] = [:]

    /// Makes a compiled xib known by its name; a second one of the same name replaces it.
    public static func register(_ definition: Definition) {
        self.compiled[definition.name] = definition
    }

    /// Whether a xib of that name was registered (`Bundle.loadNibNamed` answers nil if not).
    static func isCompiled(_ name: String) -> Bool { self.compiled[name] != nil }

    public let name: String
    private let definition: Definition?

    /// The xib `name`. UIKit only finds out that it is missing when it is instantiated, and so
    /// does this: that is logged, and it gives no objects.
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.name = name
        self.definition = Self.compiled[name]
    }

    /// The xib's top-level objects, built anew, with the File's Owner's outlets and actions
    /// connected to `ownerOrNil`.
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [OptionsKey: Any]? = nil) -> [Any] {
        guard let definition = self.definition else {
            HostConnection.log(
                "Could not load NIB \"\(self.name)\": no compiled xib of that name; is CompiledStoryboards.register() called in main.swift?"
            )
            return []
        }
        return definition.instantiate(ownerOrNil.map { $0 as AnyObject })
    }
}

extension Bundle {
    /// The xib `name`'s top-level objects with `owner` as its File's Owner, or nil (logged)
    /// when no xib of that name was compiled.
    @MainActor
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        guard UINib.isCompiled(name) else {
            HostConnection.log("Could not load NIB in bundle: \"\(name)\" was not compiled")
            return nil
        }
        return UINib(nibName: name, bundle: self).instantiate(withOwner: owner, options: options)
    }
}
