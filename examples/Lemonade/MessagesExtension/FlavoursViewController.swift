//
//  FlavoursViewController.swift
//  MessagesExtension
//

import UIKit

protocol FlavoursViewControllerDelegate: class {
    func flavoursViewController(_ controller: FlavoursViewController, didChoose flavour: Flavour)
}

class FlavoursViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {

    static let storyboardIdentifier = "FlavoursViewController"

    weak var delegate: FlavoursViewControllerDelegate?

    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet private weak var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(
            UINib(nibName: "FlavourCell", bundle: nil), forCellWithReuseIdentifier: FlavourCell.reuseIdentifier)
        titleLabel.text = "Pick a lemonade"
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return Flavour.all.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        let cell =
            collectionView.dequeueReusableCell(withReuseIdentifier: FlavourCell.reuseIdentifier, for: indexPath)
            as! FlavourCell
        let flavour = Flavour.all[indexPath.item]
        cell.imageView.image = UIImage(named: flavour.imageName)
        cell.nameLabel.text = flavour.name
        cell.isAccessibilityElement = true
        cell.accessibilityLabel = "\(flavour.name) lemonade"
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        delegate?.flavoursViewController(self, didChoose: Flavour.all[indexPath.item])
    }
}
