import MsgHostPort
import Testing

/// `Bundle.main`'s resource lookups go to the extension's resources; its other uses stay.
@Suite struct BundleRewriterTests {
    @Test func resourceLookupsUseTheExtensionsResources() {
        let source = """
            let placeholder = Bundle.main.url(forResource: "sticker_placeholder", withExtension: "png")!
            let sounds = Bundle.main.paths(forResourcesOfType: "caf", inDirectory: nil)
            let folder = Bundle.main.resourcePath
            let identifier = Bundle.main.bundleIdentifier
            let other = Bundle(for: Foo.self).url(forResource: "a", withExtension: "b")
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                let placeholder = Bundle.extensionResources.url(forResource: "sticker_placeholder", withExtension: "png")!
                let sounds = Bundle.extensionResources.paths(forResourcesOfType: "caf", inDirectory: nil)
                let folder = Bundle.extensionResources.resourcePath
                let identifier = Bundle.main.bundleIdentifier
                let other = Bundle(for: Foo.self).url(forResource: "a", withExtension: "b")
                """)
        #expect(
            Porting.entries(ported.report) == [
                .rewrite(1, "Bundle.main.url", "Bundle.extensionResources.url"),
                .rewrite(2, "Bundle.main.paths", "Bundle.extensionResources.paths"),
                .rewrite(3, "Bundle.main.resourcePath", "Bundle.extensionResources.resourcePath"),
            ])
    }

    /// `Bundle.main` as a value is the resources' bundle; its identifier stays Bundle.main's.
    @Test func bundleMainAsAValueIsTheExtensionsResources() {
        let ported = Porting.port(
            "let bundle = Bundle.main\nlet url = bundle.url(forResource: \"a\", withExtension: \"png\")\nlet id = Bundle.main.bundleIdentifier\n"
        )
        #expect(
            ported.text
                == "let bundle = Bundle.extensionResources\nlet url = bundle.url(forResource: \"a\", withExtension: \"png\")\nlet id = Bundle.main.bundleIdentifier\n"
        )
        #expect(Porting.entries(ported.report) == [.rewrite(1, "Bundle.main", "Bundle.extensionResources")])
    }
}
