import Testing

@testable import MessagesSDK

/// `#colorLiteral`, what Xcode's colour picker writes into code.
@Suite struct ColorLiteralTests {
    @Test func aColorLiteralIsTheUIColorOfItsComponents() {
        let orange: UIColor = #colorLiteral(red: 0.9607843137, green: 0.6980392157, blue: 0.3607843137, alpha: 1)
        var red: CGFloat = 0
        var green: CGFloat = 0
        var blue: CGFloat = 0
        var alpha: CGFloat = 0
        #expect(orange.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(
            abs(red - 0.9607843137) < 1e-6 && abs(green - 0.6980392157) < 1e-6 && abs(blue - 0.3607843137) < 1e-6
                && alpha == 1)
        #expect(#colorLiteral(red: 1, green: 0, blue: 0, alpha: 1) == UIColor.red)
    }
}

extension ColorLiteralTests {
    @Test func aColorLiteralWithNoTypeAroundItIsAUIColor() {
        let border = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1).cgColor
        #expect(border == UIColor.blue.cgColor)
    }
}
