import MessagesSDK

/// What each screen of the Ice Cream builder shows (msghost's `setView`): Apple's three child
/// view controllers as declarative views. The buttons carry the payloads the touches always
/// had (`{"add": true}`, `{"pick": "cone"}`), so activating one in msghost-web or with
/// `msghostctl activate` is exactly the tap the app already handles.
@MainActor
enum IceCreamView {
    static func elements(for screen: MessagesViewController.Screen) -> [MSViewElement] {
        switch screen {
        case .history:
            return [
                .text("Ice Cream", style: .title),
                .text("Build an ice cream with your friends, one part each.", style: .caption),
                .button(id: "add", title: "+ New ice cream", payload: .object(["add": .bool(true)])),
            ]
        case .build(let iceCream):
            var elements: [MSViewElement] = [.text(Self.prompt(for: iceCream), style: .headline)]
            if iceCream.base != nil {
                elements.append(.image(iceCream.pngData(side: 150, opaque: false), accessibilityLabel: iceCream.spoken, width: 150, height: 150))
            }
            elements.append(.row(Self.choices(for: iceCream).map { pick in
                .button(id: pick.id, title: pick.title, payload: .object(["pick": .string(pick.value)]))
            }))
            return elements
        case .completed(let iceCream):
            // As Apple's CompletedIceCreamViewController: the ice cream as a sticker
            // (MSStickerView) the person can peel onto a bubble.
            let sticker = try? IceCreamStickerCache.sticker(for: iceCream)
            let element = sticker.flatMap { MSViewElement.sticker(MSStickerView(frame: .zero, sticker: $0), side: 150) }
            return [
                .text("Our finished ice cream", style: .headline),
                element ?? .image(iceCream.pngData(side: 150, opaque: false), accessibilityLabel: iceCream.spoken, width: 150, height: 150),
                .text(iceCream.spoken, style: .caption),
            ]
        }
    }

    static func prompt(for iceCream: IceCream) -> String {
        switch iceCream.nextPartKey {
        case Base.queryItemKey?: "Choose a base"
        case Scoops.queryItemKey?: "Choose the scoops"
        default: "Choose a topping"
        }
    }

    /// The next part's options: button ids name the part and the option (`base-cone`), so
    /// that ids stay unique and say what they choose.
    static func choices(for iceCream: IceCream) -> [(id: String, title: String, value: String)] {
        func options<Part: IceCreamPart & CaseIterable>(_: Part.Type) -> [(id: String, title: String, value: String)] {
            Part.allCases.map { ("\(Part.queryItemKey)-\($0.rawValue)", $0.spoken.capitalizedFirst, $0.rawValue) }
        }
        switch iceCream.nextPartKey {
        case Base.queryItemKey?: return options(Base.self)
        case Scoops.queryItemKey?: return options(Scoops.self)
        case Topping.queryItemKey?: return options(Topping.self)
        default: return []
        }
    }
}

extension String {
    var capitalizedFirst: String { self.prefix(1).uppercased() + self.dropFirst() }
}
