import MsgHostProtocol
import Testing

@testable import MsgHostCore

/// Pins down `$<uuid>` participant tokens (SPEC §5, PROTOCOL §5.1): `$` followed by a
/// 36-character UUID in either case is a token; anything else (a lone `$`, a UUID cut short, a
/// malformed one) is text; a token the replacement does not know stays as it is; and every
/// text a reader sees goes through the replacement, in both layouts.
@Suite struct TokensTests {
    static let upper = "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D"
    static let lower = "deadbeef-0000-4000-8000-00000000cafe"
    static let names = [upper: "Amber", lower.uppercased(): "Ben"]

    /// Replaces known UUIDs (compared uppercased) and records what it was asked.
    static func replace(_ text: String) -> (String, [String]) {
        var asked: [String] = []
        let output = Tokens.replace(in: text) { uuid in
            asked.append(uuid)
            return Self.names[uuid.uppercased()]
        }
        return (output, asked)
    }

    @Test(arguments: [
        ("Hi $\(upper)!", "Hi Amber!"),
        ("Hi $\(lower)!", "Hi Ben!"),
        ("$\(upper)", "Amber"),
        ("$\(upper)$\(lower)", "AmberBen"),
        ("$\(lower) and $\(upper) and $\(lower)", "Ben and Amber and Ben"),
        ("$\(upper)ABC", "AmberABC"),
    ])
    func tokensInEitherCaseAreReplaced(text: String, expected: String) {
        #expect(Self.replace(text).0 == expected)
    }

    @Test func theReplacementIsAskedForTheUUIDAsWritten() {
        let (_, asked) = Self.replace("$\(Self.lower) $\(Self.upper)")
        #expect(asked == [Self.lower, Self.upper])
    }

    @Test(arguments: [
        "costs $5",
        "$",
        "ends with $",
        "$$",
        "$ \(upper)",
        "no dollar at all",
        "$\(upper.dropLast())",
        "cut short: $\(upper.prefix(20))",
        "$0A1B2C3D_4E5F_4A6B_8C7D_9E0F1A2B3C4D",
        "$0G1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D",
        "$0A1B2C3D4E5F-4A6B-8C7D-9E0F1A2B3C4DXX",
    ])
    func textThatIsNoTokenIsLeftAsItIs(text: String) {
        let (output, asked) = Self.replace(text)
        #expect(output == text)
        #expect(asked.isEmpty, "nothing here is a token")
    }

    @Test func aDollarBeforeATokenIsKeptAndTheTokenStillReplaced() {
        #expect(Self.replace("$$\(Self.upper)").0 == "$Amber")
        #expect(Self.replace("US$ 5 for $\(Self.upper)").0 == "US$ 5 for Amber")
    }

    @Test func anUnknownUUIDIsLeftAsItIsAndLaterTokensAreStillReplaced() {
        let unknown = "11111111-2222-4333-8444-555555555555"
        let (output, asked) = Self.replace("$\(unknown) then $\(Self.upper)")
        #expect(output == "$\(unknown) then Amber")
        #expect(asked == [unknown, Self.upper])
    }

    @Test func aTruncatedUUIDAtTheEndIsLeftAsItIs() {
        let text = "from $\(Self.upper) to $\(Self.lower.dropLast(1))"
        #expect(Self.replace(text).0 == "from Amber to $\(Self.lower.dropLast(1))")
    }

    @Test func aReplacementMayItselfContainADollarWithoutBeingRescanned() {
        let output = Tokens.replace(in: "$\(Self.upper)") { _ in "$" + Self.lower }
        #expect(output == "$" + Self.lower)
    }

    // MARK: Which texts

    static let template = TemplateLayoutValue(
        caption: "c", subcaption: "s", trailingCaption: "tc", trailingSubcaption: "ts", imageTitle: "it",
        imageSubtitle: "is",
        image: FrameReference(frame: 0), mediaFileURL: "file:///m.mov")

    static func shouted(_ layout: TemplateLayoutValue) -> TemplateLayoutValue {
        var expected = layout
        expected.caption = "C"
        expected.subcaption = "S"
        expected.trailingCaption = "TC"
        expected.trailingSubcaption = "TS"
        expected.imageTitle = "IT"
        expected.imageSubtitle = "IS"
        return expected
    }

    @Test(arguments: [LayoutValue.template(template), .live(alternateLayout: template)])
    func everyTextAReaderSeesIsMappedAndNothingElse(layout: LayoutValue) {
        var message = MessageValue(
            url: "https://x/y", session: "s", summaryText: "sum", accessibilityLabel: "label", layout: layout)
        message.mapTexts { $0.uppercased() }
        #expect(message.summaryText == "SUM")
        #expect(message.accessibilityLabel == "LABEL")
        #expect(message.url == "https://x/y", "the URL is no text a reader sees")
        #expect(message.session == "s")
        switch layout {
        case .template: #expect(message.layout == .template(Self.shouted(Self.template)))
        case .live: #expect(message.layout == .live(alternateLayout: Self.shouted(Self.template)))
        }
    }

    @Test func aMessageWithoutLayoutOrTextsStaysTheSame() {
        var message = MessageValue(url: "https://x")
        message.mapTexts { _ in "changed" }
        #expect(message == MessageValue(url: "https://x"))
    }
}
