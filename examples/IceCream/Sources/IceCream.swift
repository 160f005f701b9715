import Foundation
import MessagesSDK

/// One ice cream, built by several people in turn. As in Apple's sample, all of its state is
/// in the message URL's query (`?base=cone&scoops=vanilla`): the extension keeps nothing
/// between launches, and whoever taps the latest bubble continues from there.
struct IceCream: Equatable {
    var base: Base?
    var scoops: Scoops?
    var topping: Topping?

    var isComplete: Bool { self.base != nil && self.scoops != nil && self.topping != nil }

    /// The part to choose next: base, then scoops, then topping.
    var nextPartKey: String? {
        if self.base == nil { return Base.queryItemKey }
        if self.scoops == nil { return Scoops.queryItemKey }
        if self.topping == nil { return Topping.queryItemKey }
        return nil
    }

    init(base: Base? = nil, scoops: Scoops? = nil, topping: Topping? = nil) {
        self.base = base
        self.scoops = scoops
        self.topping = topping
    }

    /// What the bubble's subcaption and the sticker's description say:
    /// "vanilla scoops on a cone with sprinkles".
    var spoken: String {
        var text = self.base?.spoken ?? "nothing yet"
        if let scoops = self.scoops { text = "\(scoops.spoken) on \(text)" }
        if let topping = self.topping { text += " with \(topping.spoken)" }
        return text
    }
}

extension IceCream {
    var queryItems: [URLQueryItem] {
        let parts: [any IceCreamPart] = [self.base as (any IceCreamPart)?, self.scoops, self.topping].compactMap { $0 }
        return parts.map(\.queryItem)
    }

    /// Nil unless there is at least a base, as in Apple's sample.
    init?(queryItems: [URLQueryItem]) {
        var iceCream = IceCream()
        for item in queryItems {
            guard let value = item.value else { continue }
            switch item.name {
            case Base.queryItemKey: iceCream.base = Base(rawValue: value)
            case Scoops.queryItemKey: iceCream.scoops = Scoops(rawValue: value)
            case Topping.queryItemKey: iceCream.topping = Topping(rawValue: value)
            default: continue
            }
        }
        guard iceCream.base != nil else { return nil }
        self = iceCream
    }

    init?(message: MSMessage?) {
        guard let messageURL = message?.url,
            let components = URLComponents(url: messageURL, resolvingAgainstBaseURL: false),
            let queryItems = components.queryItems
        else { return nil }
        self.init(queryItems: queryItems)
    }

    /// The message URL: a web address, so that a Mac can open it in a browser.
    var url: URL {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "icecream.example"
        components.path = "/"
        components.queryItems = self.queryItems
        return components.url!
    }
}
