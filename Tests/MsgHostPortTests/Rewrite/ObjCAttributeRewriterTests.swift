import MsgHostPort
import Testing

/// `@objc`, `@objc(name)`, `@objcMembers` and `dynamic` go; `NSObject` stays.
struct ObjCAttributeRewriterTests {
    @Test func objCAttributesAndDynamicAreDroppedWithTheirLayoutKept() {
        let source = """
            @objcMembers
            final class ThemeStore: NSObject {
                @objc dynamic var accent = "blue"
                @objc(resetTheme)
                func reset() {}

                /// Called from the settings screen.
                @objc // the old storyboard called it
                private func refresh() {}
                dynamic func reload() {}
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                final class ThemeStore: NSObject {
                    var accent = "blue"
                    func reset() {}

                    /// Called from the settings screen.
                    // the old storyboard called it
                    private func refresh() {}
                    func reload() {}
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(3, "@objc dynamic var accent = \"blue\"", "var accent = \"blue\""),
                .rewrite(4, "@objc(resetTheme) func reset()", "func reset()"),
                .rewrite(8, "@objc // the old storyboard called it private func refresh()", "private func refresh()"),
                .rewrite(10, "dynamic func reload()", "func reload()"),
                .rewrite(1, "@objcMembers final class ThemeStore: NSObject", "final class ThemeStore: NSObject"),
            ])
        #expect(ported.report[0].why.hasPrefix("@objc, dynamic: Linux has no Objective-C runtime"))
    }

    /// One that returns nothing or an optional gets a default (OptionalRequirementRewriterTests).
    @Test func anOptionalRequirementWithAResultIsReported() {
        let source = """
            @objc protocol BoardDelegate: AnyObject {
                func boardDidChange()
                @objc optional func boardScore(winner: Int) -> Int
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                protocol BoardDelegate: AnyObject {
                    func boardDidChange()
                    @objc optional func boardScore(winner: Int) -> Int
                }
                """)
        #expect(
            Porting.entries(ported.report) == [
                .couldNotPort(3, "@objc optional func boardScore(winner: Int) -> Int"),
                .rewrite(1, "@objc protocol BoardDelegate: AnyObject", "protocol BoardDelegate: AnyObject"),
            ])
    }
}
