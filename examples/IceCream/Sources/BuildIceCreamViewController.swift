import MessagesSDK

/// Apple's `BuildIceCreamViewControllerDelegate`.
@MainActor
protocol BuildIceCreamViewControllerDelegate: AnyObject {
    /// A part was picked for the ice cream.
    func buildIceCreamViewController(_ controller: BuildIceCreamViewController, didSelect part: any IceCreamPart)
}

/// The expanded builder, as in Apple's sample: a prompt, the ice cream so far and a collection
/// view of the next part's options, one cell each.
final class BuildIceCreamViewController: UIViewController, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout
{
    weak var delegate: (any BuildIceCreamViewControllerDelegate)?

    let iceCream: IceCream
    /// The options of the part to choose next.
    private let parts: [any IceCreamPart]

    private let promptLabel = UILabel()
    private let iceCreamView = IceCreamView(frame: .zero)
    private var collectionView: UICollectionView!

    init(iceCream: IceCream) {
        self.iceCream = iceCream
        self.parts = Self.options(after: iceCream)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        self.iceCream = IceCream()
        self.parts = Self.options(after: self.iceCream)
        super.init(coder: coder)
    }

    static func options(after iceCream: IceCream) -> [any IceCreamPart] {
        switch iceCream.nextPartKey {
        case Base.queryItemKey?: Base.allCases
        case Scoops.queryItemKey?: Scoops.allCases
        case Topping.queryItemKey?: Topping.allCases
        default: []
        }
    }

    static func prompt(for iceCream: IceCream) -> String {
        switch iceCream.nextPartKey {
        case Base.queryItemKey?: "Choose a base"
        case Scoops.queryItemKey?: "Choose the scoops"
        default: "Choose a topping"
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        self.view.backgroundColor = IceCream.backgroundColor

        self.promptLabel.text = Self.prompt(for: self.iceCream)
        self.promptLabel.font = UIFont.systemFont(ofSize: 17, weight: .semibold)  // the headline style
        self.promptLabel.textAlignment = .center
        self.iceCreamView.iceCream = self.iceCream

        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 110, height: 110)
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 15, bottom: 10, right: 15)
        self.collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        self.collectionView.backgroundColor = nil
        self.collectionView.register(
            IceCreamPartCell.self, forCellWithReuseIdentifier: IceCreamPartCell.reuseIdentifier)
        self.collectionView.dataSource = self
        self.collectionView.delegate = self

        for view in [self.promptLabel, self.iceCreamView, self.collectionView!] as [UIView] {
            view.translatesAutoresizingMaskIntoConstraints = false
            self.view.addSubview(view)
        }
        let guide = self.view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            self.promptLabel.topAnchor.constraint(equalTo: guide.topAnchor, constant: 16),
            self.promptLabel.centerXAnchor.constraint(equalTo: self.view.centerXAnchor),
            self.iceCreamView.topAnchor.constraint(equalTo: self.promptLabel.bottomAnchor, constant: 12),
            self.iceCreamView.centerXAnchor.constraint(equalTo: self.view.centerXAnchor),
            self.iceCreamView.widthAnchor.constraint(equalToConstant: 160),
            self.iceCreamView.heightAnchor.constraint(equalTo: self.iceCreamView.widthAnchor),
            self.collectionView.topAnchor.constraint(equalTo: self.iceCreamView.bottomAnchor, constant: 12),
            self.collectionView.leadingAnchor.constraint(equalTo: self.view.leadingAnchor),
            self.collectionView.trailingAnchor.constraint(equalTo: self.view.trailingAnchor),
            self.collectionView.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
    }

    // MARK: UICollectionViewDataSource

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        self.parts.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        guard
            let cell = collectionView.dequeueReusableCell(
                withReuseIdentifier: IceCreamPartCell.reuseIdentifier, for: indexPath) as? IceCreamPartCell
        else {
            fatalError("Unable to dequeue an IceCreamPartCell")
        }
        let part = self.parts[indexPath.item]
        cell.imageView.image = IceCreamArt.image(for: part)
        cell.accessibilityLabel = part.spoken.capitalizedFirst
        return cell
    }

    // MARK: UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        self.delegate?.buildIceCreamViewController(self, didSelect: self.parts[indexPath.item])
    }
}

extension String {
    var capitalizedFirst: String { self.prefix(1).uppercased() + self.dropFirst() }
}
