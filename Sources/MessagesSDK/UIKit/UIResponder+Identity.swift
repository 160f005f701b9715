import Foundation

/// Views and view controllers compare and hash by identity, as every `NSObject` does on iOS
/// (`isEqual:` is `===` unless a class overrides it, and UIKit's do not): `view == other`,
/// `Set<UIView>` and `[UIViewController: …]` keys build and behave as they do there.
extension UIResponder: Hashable {
    public nonisolated static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// NSObject's class tests: exactly of `aClass`, and of it or a subclass.
    public nonisolated func isMember(of aClass: AnyClass) -> Bool { type(of: self) == aClass }
    public nonisolated func isKind(of aClass: AnyClass) -> Bool {
        var current: AnyClass? = type(of: self)
        while let type = current {
            if type == aClass { return true }
            current = _getSuperclass(type)
        }
        return false
    }
}
