import Foundation

/// Views and view controllers compare and hash by identity, as every `NSObject` does on iOS
/// (`isEqual:` is `===` unless a class overrides it, and UIKit's do not): `view == other`,
/// `Set<UIView>` and `[UIViewController: …]` keys build and behave as they do there.
extension UIResponder: Hashable {
    public nonisolated static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
