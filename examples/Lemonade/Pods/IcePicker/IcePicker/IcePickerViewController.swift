//
//  IcePickerViewController.swift
//  IcePicker
//
//  A small CocoaPod as 2017's were: a controller to show in a navigation controller, a bar
//  button item and buttons with selectors, an @objc delegate with optional methods, a header
//  from the pod's own xib, and no import of UIKit (the framework's umbrella header gives it).
//

@objc public protocol IcePickerDelegate: class {
    @objc optional func icePicker(_ picker: IcePickerViewController, didPick amount: String)
    @objc optional func icePickerDidCancel(_ picker: IcePickerViewController)
}

open class IcePickerViewController: UIViewController {

    open weak var delegate: IcePickerDelegate?
    open var amounts = ["No ice", "Some ice", "Lots of ice"]

    override open func viewDidLoad() {
        super.viewDidLoad()
        title = "Ice"
        view.backgroundColor = UIColor.white
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: UIBarButtonSystemItem.cancel, target: self,
            action: #selector(IcePickerViewController.cancel))

        let bundle = Bundle(for: IcePickerViewController.self)
        if let header = bundle.loadNibNamed("IceHeader", owner: nil, options: nil)?.first as? UIView {
            header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 60)
            header.autoresizingMask = [.flexibleWidth]
            view.addSubview(header)
        }
        for (index, amount) in amounts.enumerated() {
            let button = UIButton(type: .system)
            button.setTitle(amount, for: .normal)
            button.tag = index
            button.frame = CGRect(x: 20, y: 70 + CGFloat(index) * 50, width: 200, height: 44)
            button.addTarget(self, action: #selector(picked(_:)), for: .touchUpInside)
            view.addSubview(button)
        }
    }

    @objc func cancel() {
        delegate?.icePickerDidCancel?(self)
        dismiss(animated: true, completion: nil)
    }

    @objc func picked(_ sender: UIButton) {
        delegate?.icePicker?(self, didPick: amounts[sender.tag])
        dismiss(animated: true, completion: nil)
    }
}
