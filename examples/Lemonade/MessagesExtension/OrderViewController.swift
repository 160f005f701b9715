//
//  OrderViewController.swift
//  MessagesExtension
//

import IcePicker
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
        let iceButton = UIButton(type: .system)
        iceButton.setTitle("Ice…", for: .normal)
        iceButton.frame = CGRect(x: 20, y: view.bounds.height - 64, width: 120, height: 44)
        iceButton.autoresizingMask = [.flexibleTopMargin]
        iceButton.addTarget(self, action: #selector(chooseIce), for: .touchUpInside)
        view.addSubview(iceButton)
        show()
    }

    @objc func chooseIce() {
        let picker = IcePickerViewController()
        picker.delegate = self
        present(UINavigationController(rootViewController: picker), animated: true, completion: nil)
    }

    private func show() {
        guard let order = order else { return }
        imageView.image = UIImage(named: order.flavour.imageName)
        imageView.accessibilityLabel = order.flavour.name
        summaryLabel.text =
            "\(order.glasses) × \(order.flavour.name.characters.count > 0 ? order.flavour.name : "?") lemonade"
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

extension OrderViewController: IcePickerDelegate {
    func icePicker(_ picker: IcePickerViewController, didPick amount: String) {
        show()
        summaryLabel.text = (summaryLabel.text ?? "") + ", " + amount.lowercased()
    }
}
