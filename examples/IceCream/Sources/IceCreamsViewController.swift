import MessagesSDK

/// Apple's `IceCreamsViewControllerDelegate`.
@MainActor
protocol IceCreamsViewControllerDelegate: AnyObject {
    /// The "+" cell: build a new ice cream.
    func iceCreamsViewControllerDidSelectAdd(_ controller: IceCreamsViewController)
}

/// The compact screen, as in Apple's sample: a collection view whose first cell starts a new
/// ice cream and whose others are the finished ones of the history, as stickers.
final class IceCreamsViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    enum CollectionViewItem: Equatable {
        case create
        case iceCream(IceCream)
    }

    weak var delegate: (any IceCreamsViewControllerDelegate)?

    private let items: [CollectionViewItem]
    private var collectionView: UICollectionView!

    init(history: IceCreamHistory) {
        self.items = [.create] + history.iceCreams.map(CollectionViewItem.iceCream)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        self.items = [.create]
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        self.collectionView = UICollectionView(frame: self.view.bounds, collectionViewLayout: layout)
        self.collectionView.backgroundColor = IceCream.backgroundColor
        self.collectionView.translatesAutoresizingMaskIntoConstraints = false
        self.collectionView.register(IceCreamAddCell.self, forCellWithReuseIdentifier: IceCreamAddCell.reuseIdentifier)
        self.collectionView.register(IceCreamCell.self, forCellWithReuseIdentifier: IceCreamCell.reuseIdentifier)
        self.collectionView.dataSource = self
        self.collectionView.delegate = self
        self.view.addSubview(self.collectionView)
        NSLayoutConstraint.activate([
            self.collectionView.leadingAnchor.constraint(equalTo: self.view.leadingAnchor),
            self.collectionView.trailingAnchor.constraint(equalTo: self.view.trailingAnchor),
            self.collectionView.topAnchor.constraint(equalTo: self.view.topAnchor),
            self.collectionView.bottomAnchor.constraint(equalTo: self.view.bottomAnchor),
        ])
    }

    // MARK: UICollectionViewDataSource

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        self.items.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        switch self.items[indexPath.item] {
        case .create:
            return collectionView.dequeueReusableCell(
                withReuseIdentifier: IceCreamAddCell.reuseIdentifier, for: indexPath)
        case .iceCream(let iceCream):
            guard
                let cell = collectionView.dequeueReusableCell(
                    withReuseIdentifier: IceCreamCell.reuseIdentifier, for: indexPath) as? IceCreamCell
            else {
                fatalError("Unable to dequeue an IceCreamCell")
            }
            cell.stickerView.sticker = try? IceCreamStickerCache.sticker(for: iceCream)
            return cell
        }
    }

    // MARK: UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        if self.items[indexPath.item] == .create {
            self.delegate?.iceCreamsViewControllerDidSelectAdd(self)
        }
    }
}
