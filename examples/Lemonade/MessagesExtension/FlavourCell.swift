//
//  FlavourCell.swift
//  MessagesExtension
//

import UIKit

class FlavourCell: UICollectionViewCell {
    static let reuseIdentifier = "FlavourCell"

    @IBOutlet weak var imageView: UIImageView!
    @IBOutlet weak var nameLabel: UILabel!

    override func awakeFromNib() {
        super.awakeFromNib()
        layer.cornerRadius = 12
        backgroundColor = UIColor(named: "Lemon Yellow")
    }
}
