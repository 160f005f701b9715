//
//  Order.swift
//  MessagesExtension
//

import Foundation
import Messages

struct Flavour: Equatable {
    let name: String
    let imageName: String

    static let all = [
        Flavour(name: "Classic", imageName: "lemon"),
        Flavour(name: "Strawberry", imageName: "strawberry"),
        Flavour(name: "Mint", imageName: "mint"),
    ]
}

/// An order travels in the message's URL: ?flavour=Mint&glasses=2
struct Order {
    var flavour: Flavour
    var glasses: Int

    init(flavour: Flavour, glasses: Int) {
        self.flavour = flavour
        self.glasses = glasses
    }

    init?(message: MSMessage?) {
        guard let url = message?.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems
        else { return nil }
        var flavour: Flavour?
        var glasses = 1
        for item in items {
            switch item.name {
            case "flavour": flavour = Flavour.all.first { $0.name == item.value }
            case "glasses": glasses = Int(item.value ?? "") ?? 1
            default: break
            }
        }
        guard let chosen = flavour else { return nil }
        self.init(flavour: chosen, glasses: glasses)
    }

    var url: URL {
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "flavour", value: flavour.name), URLQueryItem(name: "glasses", value: String(glasses)),
        ]
        return components.url!
    }
}
