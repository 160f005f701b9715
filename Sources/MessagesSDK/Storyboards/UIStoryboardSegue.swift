import Foundation

/// `UIStoryboardSegue`: a transition of a storyboard from one controller to another, made when
/// it runs (`performSegue(withIdentifier:sender:)`, or a control that triggers it) and passed to
/// the source's `prepare(for:sender:)` before `perform()`.
@preconcurrency @MainActor
open class UIStoryboardSegue {
    /// How a segue of a storyboard shows its destination (its `kind` in the XML).
    public enum Kind: Sendable, Equatable {
        /// `show` and `showDetail`: `show(_:sender:)`, which presents here (no navigation
        /// controller in MessagesSDK).
        case show, showDetail
        /// `presentation` and `modal`: presented, with the segue's style if it names one.
        case present(UIModalPresentationStyle?)
        /// `embed`: the destination is the source's child, its view in a container view.
        case embed
        /// `custom` and what the compiler does not know: presented.
        case custom
    }

    /// A segue as the storyboard declares it: the compiled scene keeps these by the segue's id.
    public struct Template {
        public let identifier: String?
        public let kind: Kind
        public let destination: String

        public init(identifier: String?, kind: Kind, destination: String) {
            self.identifier = identifier
            self.kind = kind
            self.destination = destination
        }
    }

    public let identifier: String?
    public let source: UIViewController
    public let destination: UIViewController
    let kind: Kind

    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.kind = .custom
    }

    init(template: Template, source: UIViewController, destination: UIViewController) {
        self.identifier = template.identifier
        self.source = source
        self.destination = destination
        self.kind = template.kind
    }

    /// Shows the destination as the kind says. A subclass overrides it for its own transition.
    open func perform() {
        switch self.kind {
        case .show:
            self.source.show(self.destination, sender: nil)
        case .showDetail:
            self.source.showDetailViewController(self.destination, sender: nil)
        case .present(let style):
            if let style { self.destination.modalPresentationStyle = style }
            self.source.present(self.destination, animated: true)
        case .custom:
            self.source.present(self.destination, animated: true)
        case .embed:
            HostConnection.log("An embed segue runs when its container view loads, not by perform()")
        }
    }
}

/// What a compiled scene gives its controller: the storyboard, the view it builds and its
/// segues by id.
@MainActor
final class CompiledScene {
    let storyboard: UIStoryboard?
    let makeView: @MainActor () -> UIView
    let segues: [String: UIStoryboardSegue.Template]

    init(
        storyboard: UIStoryboard?, segues: [String: UIStoryboardSegue.Template],
        makeView: @escaping @MainActor () -> UIView
    ) {
        self.storyboard = storyboard
        self.segues = segues
        self.makeView = makeView
    }
}
