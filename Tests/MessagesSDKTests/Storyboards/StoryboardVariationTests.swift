import Foundation
import Testing

@testable import MessagesSDK

/// A storyboard constraint's size-class variations, applied for the device's size classes:
/// the general first, then the specific.
@MainActor @Suite struct StoryboardVariationTests {
    static let phone = UITraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)
    static let pad = UITraitCollection(horizontalSizeClass: .regular, verticalSizeClass: .regular)

    @Test func anIPadsConstraintIsInstalledOnAnIPadOnlyWithItsConstant() {
        let variations: [StoryboardObjects.Variation] = [
            .init(width: .regular, height: .regular, installed: true), .init(installed: false),
            .init(width: .regular, height: .regular, constant: 550),
        ]
        let view = UIView(frame: .zero)
        let onPhone = view.widthAnchor.constraint(equalToConstant: 580)
        #expect(!StoryboardObjects.vary(onPhone, variations, traits: Self.phone))
        #expect(onPhone.constant == 580)
        let onPad = view.widthAnchor.constraint(equalToConstant: 580)
        #expect(StoryboardObjects.vary(onPad, variations, traits: Self.pad))
        #expect(onPad.constant == 550)
        let compactWidth = view.heightAnchor.constraint(equalToConstant: 10)
        #expect(
            StoryboardObjects.vary(compactWidth, [.init(width: .compact, constant: 20)], traits: Self.phone)
                && compactWidth.constant == 20)
    }
}
