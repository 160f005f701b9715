import Foundation

/// `UIAlertAction`: a button of an alert, with the closure that runs when it is tapped.
@preconcurrency @MainActor
open class UIAlertAction {
    public enum Style: Int, Sendable { case `default`, cancel, destructive }
    public let title: String?
    public let style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// `UIAlertController`: a title, a message, text fields and actions, presented modally
/// (`present(_:animated:)`) as a box over a dimmed screen; tapping an action dismisses the
/// alert, then runs the action's handler, as UIKit does. Its buttons are the screen's items,
/// so a test taps "OK" by its label.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet, alert }

    public let preferredStyle: Style
    public private(set) var actions: [UIAlertAction] = []
    open var preferredAction: UIAlertAction?
    public private(set) var textFields: [UITextField]?
    open var message: String?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        self.message = message
        super.init(nibName: nil, bundle: nil)
        self.title = title
        self.modalPresentationStyle = .overFullScreen
    }

    public required init?(coder: NSCoder) {
        self.preferredStyle = .alert
        super.init(coder: coder)
    }

    /// A second cancel action is refused (UIKit raises), and logged.
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, self.actions.contains(where: { $0.style == .cancel }) {
            return HostConnection.log(
                "UIAlertController can only have one action with a style of cancel; \"\(action.title ?? "")\" left out")
        }
        self.actions.append(action)
    }

    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard self.preferredStyle == .alert else {
            return HostConnection.log(
                "UIAlertController: text fields can only be added to an alert, not an action sheet")
        }
        let field = UITextField()
        field.borderStyle = .roundedRect
        configurationHandler?(field)
        self.textFields = (self.textFields ?? []) + [field]
    }

    open override func loadView() {
        let screen = UIView(frame: UIScreen.main.bounds)
        screen.backgroundColor = UIColor(white: 0, alpha: 0.4)
        self.view = screen
    }

    /// The box: title, message, fields, then one button an action (cancel last on a sheet).
    open override func viewDidLoad() {
        super.viewDidLoad()
        let box = UIView()
        box.backgroundColor = UIColor(white: 0.97, alpha: 1)
        box.layer.cornerRadius = 14
        box.clipsToBounds = true
        var views: [UIView] = []
        for (text, font) in [
            (self.title, UIFont.boldSystemFont(ofSize: 17)), (self.message, UIFont.systemFont(ofSize: 13)),
        ] {
            guard let text, !text.isEmpty else { continue }
            let label = UILabel()
            label.text = text
            label.font = font
            label.textAlignment = .center
            label.numberOfLines = 0
            views.append(label)
        }
        views += self.textFields ?? []
        let ordered =
            self.preferredStyle == .actionSheet
            ? self.actions.filter { $0.style != .cancel } + self.actions.filter { $0.style == .cancel } : self.actions
        for action in ordered {
            let button = UIButton(type: .system)
            button.setTitle(action.title, for: .normal)
            if action.style == .destructive { button.setTitleColor(.systemRed, for: .normal) }
            button.isEnabled = action.isEnabled
            button.addAction(UIAction { [weak self] _ in self?.tapped(action) }, for: .touchUpInside)
            views.append(button)
        }
        self.boxViews = views
        for view in views { box.addSubview(view) }
        self.view.addSubview(box)
        self.box = box
    }

    private var box: UIView?
    private var boxViews: [UIView] = []

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let box = self.box else { return }
        let width = min(270, self.view.bounds.width - 40)
        var y: CGFloat = 16
        for view in self.boxViews {
            let height: CGFloat =
                view is UIButton
                ? 44
                : view is UITextField
                    ? 30
                    : (view as? UILabel).map {
                        $0.preferredMaxLayoutWidth = width - 32
                        return $0.intrinsicContentSize.height
                    } ?? 20
            view.frame = CGRect(
                x: view is UIButton ? 0 : 16, y: y, width: view is UIButton ? width : width - 32, height: height)
            y += height + (view is UIButton ? 0 : 8)
        }
        box.frame = CGRect(
            x: (self.view.bounds.width - width) / 2, y: max(0, (self.view.bounds.height - y) / 2), width: width,
            height: y + 8)
    }

    private func tapped(_ action: UIAlertAction) {
        self.dismiss(animated: true)
        action.handler?(action)
    }
}
