import Foundation

/// A part of an ice cream, as in Apple's sample (`IceCreamPart`): each kind is one URL query
/// item, so the whole ice cream travels in the message's URL.
protocol IceCreamPart {
    static var queryItemKey: String { get }
    var rawValue: String { get }
    /// How a summary names it ("a cone", "vanilla scoops").
    var spoken: String { get }
}

extension IceCreamPart {
    var queryItem: URLQueryItem { URLQueryItem(name: Self.queryItemKey, value: self.rawValue) }
}

enum Base: String, IceCreamPart, CaseIterable {
    case cone, waffle, cup
    static let queryItemKey = "base"
    var spoken: String { self == .waffle ? "a waffle cone" : "a \(self.rawValue)" }
}

enum Scoops: String, IceCreamPart, CaseIterable {
    case vanilla, chocolate, strawberry, mint
    static let queryItemKey = "scoops"
    var spoken: String { "\(self.rawValue) scoops" }
}

enum Topping: String, IceCreamPart, CaseIterable {
    case sprinkles, chocolate, cherry, nuts
    static let queryItemKey = "topping"
    var spoken: String {
        switch self {
        case .sprinkles: "sprinkles"
        case .chocolate: "chocolate sauce"
        case .cherry: "a cherry"
        case .nuts: "nuts"
        }
    }
}
