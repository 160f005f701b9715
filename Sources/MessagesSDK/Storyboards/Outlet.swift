import Foundation

/// `@Outlet`: what `@IBOutlet` becomes here. Linux has no Objective-C runtime, so `@IBOutlet`
/// does not compile; `msghost port` rewrites `@IBOutlet weak var label: UILabel!` to
/// `@Outlet var label: UILabel!` and `@IBOutlet var buttons: [UIButton]!` to
/// `@Outlet var buttons: [UIButton]!`, and the compiled storyboard or nib connects it when the
/// owner's view loads, as UIKit does.
///
/// The wrapper is a class so that the storyboard's code can connect it through a reference it
/// finds with `Mirror` (the stored property `_label`, in the class or any superclass), which
/// works for `private` outlets too; see `StoryboardObjects.connect(_:of:to:in:)`. The property
/// reads nil until connected. The outlet holds the view strongly, where `@IBOutlet weak` did
/// not: the view is in the tree of the owner's view anyway, so that keeps nothing alive longer
/// except a view removed from it.
@propertyWrapper
public final class Outlet<Value: ExpressibleByNilLiteral> {
    public var wrappedValue: Value

    public init() { self.wrappedValue = nil }
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// An `@Outlet` whose type is not known where it is connected.
protocol OutletConnectable: AnyObject {
    /// Sets the outlet to `value` when it is of the outlet's type; false when it is not.
    func connect(_ value: Any) -> Bool
    var typeName: String { get }
}

extension Outlet: OutletConnectable {
    func connect(_ value: Any) -> Bool {
        guard let typed = value as? Value else { return false }
        self.wrappedValue = typed
        return true
    }

    var typeName: String { "\(Value.self)" }
}
