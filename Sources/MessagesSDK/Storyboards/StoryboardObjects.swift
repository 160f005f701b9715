import Foundation

/// A class a storyboard can make: UIKit calls `init(coder:)` on every controller and view of
/// a storyboard or nib, and so does the compiled code.
@MainActor
public protocol StoryboardInstantiable: AnyObject {
    init?(coder: NSCoder)
}

extension UIView: StoryboardInstantiable {}

/// The coder a compiled storyboard makes its objects with: what `init(coder:)` of UIKit's
/// classes reads from a nib before a subclass's own initialiser goes on (so code there that
/// reads its frame or changes its layout sees the storyboard's).
public final class StoryboardCoder: NSCoder {
    public let frame: CGRect?
    public let collectionViewLayout: UICollectionViewLayout?

    public init(frame: CGRect? = nil, collectionViewLayout: UICollectionViewLayout? = nil) {
        (self.frame, self.collectionViewLayout) = (frame, collectionViewLayout)
        super.init()
    }
}
extension UIViewController: StoryboardInstantiable {}

/// What the code of a compiled storyboard or nib calls to make objects and connect outlets;
/// each logs what went wrong, naming the file, and goes on with the rest.
@MainActor
public enum StoryboardObjects {
    /// An instance of `type` through `init(coder:)`, as UIKit makes it, with what UIKit has
    /// decoded by the time the initialiser's body runs (its frame, a collection view's layout);
    /// nil (logged) when that returns nil.
    public static func make<Object: StoryboardInstantiable>(
        _ objectType: Object.Type, in document: String,
        frame: CGRect? = nil, collectionViewLayout: UICollectionViewLayout? = nil
    ) -> Object? {
        guard let object = Object(coder: StoryboardCoder(frame: frame, collectionViewLayout: collectionViewLayout))
        else {
            HostConnection.log(
                "\(document): \(Object.self).init(coder:) returned nil; a \(Object.self)'s superclass from UIKit stands in"
            )
            return nil
        }
        return object
    }

    /// A scene's controller: the creator's, if one is given and makes a `Controller`, else one
    /// made with `init(coder:)`.
    public static func controller<Controller: UIViewController>(
        _ controllerType: Controller.Type, creator: UIStoryboard.Creator?, in document: String
    ) -> Controller? {
        if let creator {
            let made = creator(NSCoder())
            if let typed = made as? Controller { return typed }
            HostConnection.log(
                "\(document): the creator gave \(made.map { "a \(type(of: $0))" } ?? "nil"), not a \(Controller.self); init(coder:) makes it"
            )
        }
        guard let controller = Controller(coder: NSCoder()) else {
            HostConnection.log("\(document): \(Controller.self).init(coder:) returned nil")
            return nil
        }
        return controller
    }

    /// Connects the outlet `name` of `owner` to `value`: the `@Outlet` property named so, found
    /// with `Mirror` in the owner's class or a superclass, private or not. An owner with no
    /// such outlet, or one of another type, is logged (UIKit raises "not key value coding-
    /// compliant"), and nothing else changes.
    public static func connect(_ name: String, of owner: AnyObject, to value: Any, in document: String) {
        guard let outlet = self.outlet(name, of: owner) else {
            return HostConnection.log(
                "\(document): \(type(of: owner)) has no outlet \"\(name)\" (an @Outlet var \(name)); not connected")
        }
        if !outlet.connect(value) {
            HostConnection.log(
                "\(document): outlet \"\(name)\" of \(type(of: owner)) is a \(outlet.typeName); a \(type(of: value)) was not connected"
            )
        }
    }

    /// An outlet collection: the views in the order of the file.
    public static func connect(_ name: String, of owner: AnyObject, toCollection values: [Any], in document: String) {
        self.connect(name, of: owner, to: values, in: document)
    }

    private static func outlet(_ name: String, of owner: AnyObject) -> (any OutletConnectable)? {
        var mirror: Mirror? = Mirror(reflecting: owner)
        while let current = mirror {
            for child in current.children where child.label == "_" + name {
                if let outlet = child.value as? any OutletConnectable { return outlet }
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}

extension StoryboardObjects {
    /// `value` as a `T` (a data source or delegate protocol), nil when it is not: an outlet of
    /// UIKit's own classes that the file connects to an object of any class.
    public static func cast<T>(_ value: Any, to type: T.Type) -> T? { value as? T }
}
