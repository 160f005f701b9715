import Foundation

/// `UIStoryboard`: the scenes of a storyboard, compiled to Swift when the app was built.
///
/// On iOS a storyboard is compiled to nibs that UIKit reads at run time, finding each class by
/// its name through the Objective-C runtime. Linux has no such runtime, so the
/// `MessagesStoryboards` build plugin compiles each `.storyboard` of a target to Swift that
/// builds its controllers and views, and defines, once per target, `enum CompiledStoryboards`
/// with a `static func register()` that passes every definition to `UIStoryboard.register(_:)`
/// and `UINib.register(_:)`. Call it before anything asks for a storyboard, first thing in
/// `main.swift` (`msghost port` writes it there):
///
/// ```swift
/// CompiledStoryboards.register()
/// MSExtensionMain.run(MessagesViewController.self)
/// ```
///
/// A storyboard that was not registered gives nil where UIKit's API is optional, and is logged.
@preconcurrency @MainActor
open class UIStoryboard {
    /// One compiled storyboard: its name (the file's, without `.storyboard`), its scenes and
    /// the initial one. The plugin's generated code makes these.
    public struct Definition {
        public let name: String
        public let initialScene: String?
        public let scenes: [Scene]

        public init(name: String, initialScene: String?, scenes: [Scene]) {
            self.name = name
            self.initialScene = initialScene
            self.scenes = scenes
        }
    }

    /// Makes a scene's controller in place of its `init(coder:)`: iOS 13's `creator`.
    public typealias Creator = (NSCoder) -> UIViewController?

    /// A scene: the id Xcode gave its controller, the storyboard identifier if it has one, and
    /// a function that makes the controller (with the creator if one is given; nil when its
    /// `init(coder:)` fails).
    public struct Scene {
        public let id: String
        public let identifier: String?
        public let make: @MainActor (UIStoryboard, Creator?) -> UIViewController?

        public init(
            id: String, identifier: String?, make: @escaping @MainActor (UIStoryboard, Creator?) -> UIViewController?
        ) {
            self.id = id
            self.identifier = identifier
            self.make = make
        }
    }

    private static var compiled: [String: Definition] = [:]

    /// Makes a compiled storyboard known by its name; a second one of the same name replaces it.
    public static func register(_ definition: Definition) {
        self.compiled[definition.name] = definition
    }

    public let name: String
    let definition: Definition

    /// The storyboard `name`. UIKit raises for one that does not exist; Swift gives this
    /// initialiser no way to fail, so an unknown name is logged and gives a storyboard with no
    /// scenes, whose every instantiation is logged too.
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        if let definition = Self.compiled[name] {
            self.definition = definition
        } else {
            HostConnection.log(
                "UIStoryboard(name: \"\(name)\"): no compiled storyboard of that name; is CompiledStoryboards.register() called in main.swift?"
            )
            self.definition = Definition(name: name, initialScene: nil, scenes: [])
        }
    }

    /// The initial view controller, or nil (logged) when the storyboard has none.
    open func instantiateInitialViewController() -> UIViewController? {
        guard let id = self.definition.initialScene else {
            HostConnection.log("Storyboard \"\(self.name)\" has no initial view controller")
            return nil
        }
        return self.instantiate(sceneID: id)
    }

    /// The initial view controller made by `creator` (which calls `init(coder:)` on the class
    /// it wants); iOS 13's form.
    open func instantiateInitialViewController<ViewController: UIViewController>(
        creator: ((NSCoder) -> ViewController?)?
    ) -> ViewController? {
        guard let id = self.definition.initialScene else {
            HostConnection.log("Storyboard \"\(self.name)\" has no initial view controller")
            return nil
        }
        return self.instantiate(sceneID: id, creator: creator.map { creator in { creator($0) } }) as? ViewController
    }

    /// The controller whose storyboard identifier is `identifier`. UIKit raises for an unknown
    /// one; this signature must return a controller, so that is logged (naming the storyboard
    /// and the identifier) and a plain `UIViewController` stands in.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        self.instantiate(identifier: identifier, creator: nil) ?? UIViewController()
    }

    /// iOS 13's typed form. UIKit raises when the identifier is unknown or its controller is
    /// not a `ViewController`; here that is logged and a `ViewController` made with
    /// `init(coder:)` stands in. Only when that initialiser fails too does this trap, as the
    /// signature leaves nothing else to return.
    open func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
    ) -> ViewController {
        let controller = self.instantiate(identifier: identifier, creator: creator.map { creator in { creator($0) } })
        if let typed = controller as? ViewController { return typed }
        if let controller {
            HostConnection.log(
                "Storyboard \"\(self.name)\": '\(identifier)' is a \(type(of: controller)), not a \(ViewController.self); an empty one stands in"
            )
        }
        guard let standIn = ViewController(coder: NSCoder()) else {
            fatalError(
                "Storyboard \"\(self.name)\": no \(ViewController.self) for '\(identifier)', and its init(coder:) returned nil"
            )
        }
        return standIn
    }

    private func instantiate(identifier: String, creator: Creator?) -> UIViewController? {
        guard let scene = self.definition.scenes.first(where: { $0.identifier == identifier }) else {
            HostConnection.log(
                "Storyboard \"\(self.name)\" doesn't contain a view controller with identifier '\(identifier)'")
            return nil
        }
        return self.instantiate(scene, creator: creator)
    }

    /// The controller of the scene whose id is `id` (segues name their destination so).
    func instantiate(sceneID id: String, creator: Creator? = nil) -> UIViewController? {
        guard let scene = self.definition.scenes.first(where: { $0.id == id }) else {
            HostConnection.log("Storyboard \"\(self.name)\" has no scene \(id)")
            return nil
        }
        return self.instantiate(scene, creator: creator)
    }

    private func instantiate(_ scene: Scene, creator: Creator?) -> UIViewController? {
        guard let controller = scene.make(self, creator) else {
            HostConnection.log(
                "Storyboard \"\(self.name)\": the controller of scene \(scene.identifier ?? scene.id) returned nil from init(coder:)"
            )
            return nil
        }
        return controller
    }
}
