//
//  MessagesViewController.swift
//  MessagesExtension
//
//  Lemonade: pick a flavour, send it; your friend opens the order and orders the same.
//

import Messages
import UIKit

class MessagesViewController: MSMessagesAppViewController {

    // MARK: - Conversation Handling

    override func willBecomeActive(with conversation: MSConversation) {
        super.willBecomeActive(with: conversation)
        presentChild(for: conversation, with: presentationStyle)
    }

    override func willTransition(to presentationStyle: MSMessagesAppPresentationStyle) {
        guard let conversation = activeConversation else { return }
        presentChild(for: conversation, with: presentationStyle)
    }

    override func didSelect(_ message: MSMessage, conversation: MSConversation) {
        presentChild(for: conversation, with: .expanded)
    }

    // MARK: - Child view controllers

    private func presentChild(for conversation: MSConversation, with presentationStyle: MSMessagesAppPresentationStyle)
    {
        let controller: UIViewController
        if presentationStyle == .expanded, let order = Order(message: conversation.selectedMessage) {
            let orderController =
                storyboard!.instantiateViewController(withIdentifier: OrderViewController.storyboardIdentifier)
                as! OrderViewController
            orderController.order = order
            orderController.delegate = self
            controller = orderController
        } else {
            let flavours =
                storyboard!.instantiateViewController(withIdentifier: FlavoursViewController.storyboardIdentifier)
                as! FlavoursViewController
            flavours.delegate = self
            controller = flavours
        }

        for child in childViewControllers {
            child.willMove(toParentViewController: nil)
            child.view.removeFromSuperview()
            child.removeFromParentViewController()
        }

        addChildViewController(controller)
        controller.view.frame = view.bounds
        controller.view.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(controller.view)
        NSLayoutConstraint.activate([
            controller.view.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            controller.view.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            controller.view.topAnchor.constraint(equalTo: view.topAnchor),
            controller.view.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        controller.didMove(toParentViewController: self)
    }

    fileprivate func stage(_ order: Order, caption: String) {
        guard let conversation = activeConversation else { fatalError("Expected a conversation") }
        let layout = MSMessageTemplateLayout()
        layout.image = UIImage(named: order.flavour.imageName)
        layout.caption = caption
        let message = MSMessage(session: conversation.selectedMessage?.session ?? MSSession())
        message.layout = layout
        message.url = order.url
        message.summaryText = caption
        conversation.insert(message) { error in
            if let error = error { print(error) }
        }
        dismiss()
    }
}

extension MessagesViewController: FlavoursViewControllerDelegate {
    func flavoursViewController(_ controller: FlavoursViewController, didChoose flavour: Flavour) {
        stage(Order(flavour: flavour, glasses: 1), caption: "\(flavour.name) lemonade?")
    }
}

extension MessagesViewController: OrderViewControllerDelegate {
    func orderViewControllerDidOrderTheSame(_ controller: OrderViewController) {
        guard var order = controller.order else { return }
        order.glasses += 1
        stage(order, caption: "\(order.glasses) glasses of \(order.flavour.name.lowercased()) lemonade")
    }
}
