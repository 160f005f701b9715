import MessagesSDK

/// The storyboard's initial scene, written as an iOS controller is once `msghost port` has
/// rewritten its `@IBOutlet`s to `@Outlet`: a title (a private outlet, tapped through a
/// gesture recognizer), a Send button, two flavour buttons (an outlet collection), a
/// collection view of prototype cells and xib cells, an embedded badge and a Details button
/// whose show segue it prepares.
final class HomeViewController: MSMessagesAppViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    @Outlet private var titleLabel: UILabel!
    @Outlet var sendButton: UIButton!
    @Outlet var collectionView: UICollectionView!
    @Outlet var heightOfDetails: NSLayoutConstraint!
    @Outlet var flavourButtons: [UIButton]!

    /// What happened, in order, for the tests.
    var log: [String] = []
    var flavour = "Vanilla"
    let flavours = ["Vanilla", "Chocolate"]

    /// The private outlet, read by the tests.
    var title_: UILabel? { self.titleLabel }

    override func viewDidLoad() {
        super.viewDidLoad()
        self.log.append("viewDidLoad")
        self.collectionView.register(UINib(nibName: "StickerCell", bundle: nil), forCellWithReuseIdentifier: "Sticker")
    }

    @IBAction func send(_ sender: UIButton) {
        self.log.append("send \(sender.currentTitle ?? "")")
    }

    @IBAction func chooseFlavour(_ sender: UIButton) {
        self.flavour = self.flavours[sender.tag]
        self.titleLabel.text = self.flavour
        self.log.append("flavour \(self.flavour)")
    }

    @IBAction func titleTapped(_ sender: UITapGestureRecognizer) {
        self.log.append("title tapped")
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        self.log.append("should \(identifier)")
        return true
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        self.log.append("prepare \(segue.identifier ?? "") \(type(of: segue.destination))")
        if let details = segue.destination as? DetailsViewController { details.flavour = self.flavour }
        if let badge = segue.destination as? BadgeViewController { badge.text = "New" }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section == 0 ? self.flavours.count : 1
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        if indexPath.section == 0 {
            let cell =
                collectionView.dequeueReusableCell(withReuseIdentifier: "Flavour", for: indexPath) as! FlavourCell
            cell.nameLabel.text = self.flavours[indexPath.item]
            return cell
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Sticker", for: indexPath) as! StickerCell
        cell.label.text = "Cone"
        return cell
    }
}

final class FlavourCell: UICollectionViewCell {
    @Outlet var nameLabel: UILabel!
}

final class StickerCell: UICollectionViewCell {
    @Outlet var label: UILabel!
    private(set) var awoke = false

    override func awakeFromNib() {
        super.awakeFromNib()
        self.awoke = true
    }
}

/// Embedded in the home scene's container view.
final class BadgeViewController: UIViewController {
    var text = ""
    let label = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        self.label.text = self.text
        self.view.addSubview(self.label)
    }
}

/// Shown by the Details button's segue, with the flavour `prepare(for:sender:)` gave it.
final class DetailsViewController: UIViewController {
    @Outlet var flavourLabel: UILabel!
    var flavour = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        self.flavourLabel.text = self.flavour
    }
}
