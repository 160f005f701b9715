import MessagesSDK

/// Not in Apple's sample: `CompletedIceCreamViewController`'s "Send" asks this to send.
@MainActor
protocol CompletedIceCreamViewControllerDelegate: AnyObject {
    func completedIceCreamViewControllerDidTapSend(_ controller: CompletedIceCreamViewController)
}

/// The expanded screen of a finished ice cream, as in Apple's sample: its sticker, which the
/// person taps to stage or peels onto a bubble. Added here: a "Send" button that sends the
/// sticker at once and stages a line of text after it (see the delegate in
/// `MessagesViewController`).
final class CompletedIceCreamViewController: UIViewController {
    weak var delegate: (any CompletedIceCreamViewControllerDelegate)?

    let iceCream: IceCream
    private let stickerView = MSStickerView(frame: .zero)
    /// What became of the last send, for the person to read.
    let statusLabel = UILabel()

    init(iceCream: IceCream) {
        self.iceCream = iceCream
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        self.iceCream = IceCream()
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        self.view.backgroundColor = IceCream.backgroundColor
        let title = UILabel()
        title.text = "Our finished ice cream"
        title.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        do {
            self.stickerView.sticker = try IceCreamStickerCache.sticker(for: self.iceCream)
        } catch {
            print("Failed to make the sticker: \(error)")
        }
        let send = UIButton(
            type: .system,
            primaryAction: UIAction(title: "Send") { [weak self] _ in
                guard let self else { return }
                self.delegate?.completedIceCreamViewControllerDidTapSend(self)
            })
        self.statusLabel.font = UIFont.systemFont(ofSize: 13)
        self.statusLabel.textColor = UIColor.secondaryLabel
        self.statusLabel.numberOfLines = 0
        self.statusLabel.textAlignment = .center

        let stack = UIStackView(arrangedSubviews: [title, self.stickerView, send, self.statusLabel])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        self.view.addSubview(stack)
        NSLayoutConstraint.activate([
            self.stickerView.widthAnchor.constraint(equalToConstant: 200),
            self.stickerView.heightAnchor.constraint(equalToConstant: 200),
            stack.topAnchor.constraint(equalTo: self.view.safeAreaLayoutGuide.topAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: self.view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: self.view.layoutMarginsGuide.trailingAnchor),
        ])
    }
}
