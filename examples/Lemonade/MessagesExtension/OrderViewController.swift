//
//  OrderViewController.swift
//  MessagesExtension
//

import UIKit

protocol OrderViewControllerDelegate: class {
    func orderViewControllerDidOrderTheSame(_ controller: OrderViewController)
}

class OrderViewController: UIViewController {

    static let storyboardIdentifier = "OrderViewController"

    var order: Order?
    weak var delegate: OrderViewControllerDelegate?

    @IBOutlet weak var imageView: UIImageView!
    @IBOutlet weak var summaryLabel: UILabel!
    @IBOutlet weak var sameButton: UIButton!
    @IBOutlet var glassViews: [UIImageView]!

    override func viewDidLoad() {
        super.viewDidLoad()
        sameButton.addTarget(self, action: #selector(orderTheSame(_:)), for: .touchUpInside)
        let tap = UITapGestureRecognizer(target: self, action: #selector(imageTapped))
        imageView.isUserInteractionEnabled = true
        imageView.addGestureRecognizer(tap)
        show()
    }

    private func show() {
        guard let order = order else { return }
        imageView.image = UIImage(named: order.flavour.imageName)
        imageView.accessibilityLabel = order.flavour.name
        summaryLabel.text = "\(order.glasses) × \(order.flavour.name.characters.count > 0 ? order.flavour.name : "?") lemonade"
        for (index, glass) in glassViews.enumerated() {
            glass.isHidden = index >= order.glasses
        }
    }

    @objc func orderTheSame(_ sender: UIButton) {
        delegate?.orderViewControllerDidOrderTheSame(self)
    }

    @objc private func imageTapped() {
        summaryLabel.text = "Fresh \(order?.flavour.name.lowercased() ?? "") lemonade"
    }

    @IBAction private func close(_ sender: Any) {
        summaryLabel.text = nil
    }
}
