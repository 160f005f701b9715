import Foundation

/// A storyboard or xib as the compiler understands it: what the writers turn into Swift.
/// Every object keeps its id (Xcode's, unique in the file) and its line, for diagnostics.
public struct StoryboardDocument: Sendable {
    public enum Kind: Sendable { case storyboard, xib }

    public var kind: Kind
    /// The file's name without its extension: `UIStoryboard(name:)` and `UINib(nibName:)`.
    public var name: String
    public var path: String
    /// The initial controller's id (storyboards).
    public var initialController: String?
    /// The scenes' controllers (storyboards).
    public var scenes: [SceneObject] = []
    /// A xib's top-level objects: placeholders (File's Owner first) and views.
    public var topLevel: [ViewObject] = []
    /// A xib's placeholders: its File's Owner and others, with their connections.
    public var placeholders: [Placeholder] = []
}

/// One scene: its controller, the controller's view and the scene's other objects.
public struct SceneObject: Sendable {
    public enum Kind: String, Sendable {
        case viewController, collectionViewController, navigationController, tableViewController
    }

    public var kind: Kind
    public var id: String
    public var line: Int
    public var customClass: String?
    public var customModule: String?
    public var storyboardIdentifier: String?
    public var title: String?
    public var modalPresentationStyle: String?
    public var view: ViewObject?
    public var connections: [Connection] = []
    /// Gesture recognizers and free views of the scene.
    public var objects: [ViewObject] = []
}

/// A File's Owner or another placeholder of a xib.
public struct Placeholder: Sendable {
    public var id: String
    public var line: Int
    public var identifier: String
    public var customClass: String?
    public var connections: [Connection] = []
}

/// A view, cell, layout or gesture recognizer, with its attributes and what it holds.
public struct ViewObject: Sendable {
    /// The element's name: `label`, `button`, `collectionViewCell`, `tapGestureRecognizer` …
    public var element: String
    public var id: String
    public var line: Int
    /// `key` in the parent (`view`, `contentView`, `collectionViewLayout`), if any.
    public var key: String?
    public var customClass: String?
    public var customModule: String?
    /// The element's attributes the writers read, as written.
    public var attributes: [String: String] = [:]
    public var frame: Rect?
    public var colors: [String: Color] = [:]
    public var font: Font?
    public var strings: [String: String] = [:]
    public var sizes: [String: Size] = [:]
    public var insets: [String: Insets] = [:]
    public var states: [ButtonState] = []
    public var segments: [String] = []
    public var accessibility: Accessibility?
    public var subviews: [ViewObject] = []
    /// A cell's content view, a collection view's layout.
    public var parts: [ViewObject] = []
    /// Prototype cells of a collection or table view.
    public var cells: [ViewObject] = []
    public var constraints: [Constraint] = []
    public var connections: [Connection] = []
    /// Layout guides by id: `safeArea`, `contentLayoutGuide` …
    public var guides: [String: String] = [:]
    public var translatesAutoresizingMask: Bool?
    /// `UIView.AutoresizingMask`'s options, by their Swift names, in UIKit's order.
    public var autoresizingMask: [String]?
    /// Xcode 8's `<frame key="frameInset">`: the edges' distances from the superview's.
    public var frameInset: FrameInset?
    /// User-defined runtime attributes (`@IBInspectable` properties, `layer.cornerRadius`):
    /// each key path with its value as a Swift expression.
    public var runtimeAttributes: [(keyPath: String, value: String)] = []
    /// The view's `<variation>` masks: a constraint's id and what a size class makes of it.
    public var constraintMasks: [(constraint: String, variation: ConstraintVariation)] = []

    func part(_ key: String) -> ViewObject? { self.parts.first { $0.key == key } }
}

public struct Rect: Hashable, Sendable {
    public var x, y, width, height: Double
}

/// The attributes of a `frameInset`, each absent unless written.
public struct FrameInset: Hashable, Sendable {
    public var minX, minY, maxX, maxY, width, height: Double?
}

public struct Size: Hashable, Sendable {
    public var width, height: Double
}

public struct Insets: Hashable, Sendable {
    public var top, left, bottom, right: Double
}

/// A colour as Interface Builder writes it.
public enum Color: Hashable, Sendable {
    case white(Double, alpha: Double)
    case rgb(Double, Double, Double, alpha: Double)
    /// `systemColor="systemBackgroundColor"`, with the value the file's resources give it.
    case system(String, fallback: Rgba?)
    /// `name="AccentColor"`: a named colour, with its value from the file's resources.
    case named(String, fallback: Rgba?)
}

public struct Rgba: Hashable, Sendable {
    public var red, green, blue, alpha: Double
}

public enum Font: Hashable, Sendable {
    case system(size: Double, weight: String?)
    case boldSystem(size: Double)
    case italicSystem(size: Double)
    case textStyle(String)
    case named(String, size: Double)
}

/// A button's title, image and title colour for one control state.
public struct ButtonState: Hashable, Sendable {
    public var state: String
    public var title: String?
    public var image: String?
    public var titleColor: Color?
}

public struct Accessibility: Hashable, Sendable {
    public var label: String?
    public var identifier: String?
    public var hint: String?
    public var isElement: Bool?
}

public struct Constraint: Hashable, Sendable {
    public var id: String
    public var line: Int
    /// Nil: the view that holds the constraint.
    public var firstItem: String?
    public var firstAttribute: String
    public var secondItem: String?
    public var secondAttribute: String?
    public var relation: String?
    public var constant: Double
    public var multiplier: Double
    public var priority: Double?
    public var identifier: String?
    /// Its size-class variations: from the holder's `<variation>` masks and its own.
    public var variations: [ConstraintVariation] = []
}

/// A `<variation key="heightClass=regular-widthClass=compact">` as it touches one constraint.
public struct ConstraintVariation: Hashable, Sendable {
    /// `compact` or `regular`; nil: any (the key `default` names neither).
    public var widthClass, heightClass: String?
    public var installed: Bool?
    public var constant: Double?
}

public struct Connection: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case outlet(property: String)
        case outletCollection(property: String)
        case action(selector: String, event: String?)
        case segue(kind: String, identifier: String?, relationship: String?, presentation: String?)
    }

    public var kind: Kind
    public var id: String
    public var line: Int
    /// The object whose connection it is.
    public var source: String
    public var destination: String
}
