import Foundation
import Testing

@testable import MsgHostStoryboard

/// Reading: scenes, views, constraints and connections into the model; bad input reported by
/// file and line, never a crash.
@Suite struct DocumentReaderTests {
    private func read(_ text: String) -> (document: StoryboardDocument?, diagnostics: [Diagnostic]) {
        StoryboardCompiler.read(Data(text.utf8), path: "/app/Main.storyboard")
    }

    @Test func aStoryboardIsReadIntoScenesViewsConstraintsAndConnections() throws {
        let (document, diagnostics) = self.read(Fixtures.storyboard)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let board = try #require(document)
        #expect(board.kind == .storyboard && board.name == "Main")
        #expect(board.initialController == "vc1-aa-001")
        #expect(board.scenes.map(\.id) == ["vc1-aa-001", "vc2-aa-001", "vc3-aa-001"])
        let scene = board.scenes[0]
        #expect(scene.customClass == "BoardViewController" && scene.storyboardIdentifier == "Board")
        let view = try #require(scene.view)
        #expect(view.subviews.map(\.element) == ["label", "button", "button", "collectionView", "containerView"])
        #expect(view.subviews[0].frame == Rect(x: 16, y: 59, width: 361, height: 21))
        #expect(view.subviews[0].attributes["text"] == "Score: \"0\"")
        #expect(view.subviews[0].font == .system(size: 17, weight: "semibold"))
        #expect(view.guides == ["sa1-aa-001": "safeArea"])
        let height = try #require(view.constraints.first { $0.id == "co3-aa-001" })
        #expect(
            height.relation == "greaterThanOrEqual" && height.priority == 750
                && height.identifier == "collection-height" && height.firstItem == "cv1-aa-001")
        #expect(view.constraints.first { $0.id == "co4-aa-001" }?.multiplier == 0.5)
        #expect(view.constraints.first { $0.id == "co2-aa-001" }?.firstItem == nil, "the holder is the first item")
        let cell = try #require(view.subviews[3].cells.first)
        #expect(
            cell.attributes["reuseIdentifier"] == "Piece"
                && cell.part("contentView")?.subviews.first?.element == "imageView")
        #expect(
            scene.connections.map(\.kind) == [
                .outlet(property: "scoreLabel"), .outletCollection(property: "controls"),
                .outletCollection(property: "controls"),
            ])
        #expect(
            view.subviews[1].connections.map(\.kind) == [
                .action(selector: "play:", event: "touchUpInside"), .action(selector: "reset", event: "touchDown"),
            ])
        #expect(
            view.subviews[4].connections.first?.kind
                == .segue(kind: "embed", identifier: nil, relationship: nil, presentation: nil))
    }

    @Test func aFileThatIsNotXMLIsAnErrorAtItsLine() {
        let (document, diagnostics) = self.read("<document type=\"x\">\n<scenes>\n</document>")
        #expect(document == nil)
        #expect(
            diagnostics.count == 1 && diagnostics[0].severity == .error && diagnostics[0].message.hasPrefix("not XML"))
        #expect(diagnostics[0].line == 3)
        #expect(self.read("just words").diagnostics.first?.severity == .error)
        #expect(self.read("").diagnostics.first?.severity == .error)
    }

    @Test func anUnknownElementIsAWarningWithItsLineAndTheRestIsRead() throws {
        let text = Fixtures.storyboard(
            replacing: "<containerView opaque=\"NO\"", with: "<activityIndicatorView opaque=\"NO\""
        )
        .replacingOccurrences(of: "</containerView>", with: "</activityIndicatorView>")
        .replacingOccurrences(of: "<device ", with: "<gizmo kind=\"x\"/>\n        <device ")
        let (document, diagnostics) = self.read(text)
        let board = try #require(document)
        #expect(board.scenes[0].view?.subviews.count == 5, "the unknown view is a plain UIView with the rest")
        #expect(diagnostics.map(\.severity) == [.warning, .warning])
        #expect(
            diagnostics.contains {
                $0.message.contains("<activityIndicatorView>")
                    && $0.line == Fixtures.line(of: "<activityIndicatorView", in: text)
            })
        #expect(
            diagnostics.contains { $0.message.contains("<gizmo>") && $0.line == Fixtures.line(of: "<gizmo", in: text) })
        #expect(diagnostics[0].description.hasPrefix("/app/Main.storyboard:"))
        #expect(diagnostics[0].description.contains(": warning: "))
    }

    @Test func anUnknownAttributeIsAWarning() {
        let text = Fixtures.storyboard(
            replacing: "buttonType=\"system\" id=\"bt1-aa-001\"",
            with: "buttonType=\"system\" sparkle=\"YES\" id=\"bt1-aa-001\"")
        let (document, diagnostics) = self.read(text)
        #expect(document != nil)
        #expect(diagnostics.map(\.message) == ["unknown attribute sparkle=\"YES\" of <button> is left out"])
    }

    @Test func aMissingIdIsAnError() {
        let text = Fixtures.storyboard(replacing: "id=\"lb1-aa-001\"", with: "")
            .replacingOccurrences(of: "destination=\"lb1-aa-001\"", with: "destination=\"bt1-aa-001\"")
            .replacingOccurrences(of: "firstItem=\"lb1-aa-001\"", with: "firstItem=\"bt1-aa-001\"")
            .replacingOccurrences(of: "secondItem=\"lb1-aa-001\"", with: "secondItem=\"bt1-aa-001\"")
        let (document, diagnostics) = self.read(text)
        #expect(document == nil)
        #expect(diagnostics.map(\.message) == ["<label> has no id"])
        #expect(diagnostics.first?.line == Fixtures.line(of: "<label opaque", in: text))
    }

    @Test func anXcode8CellContentViewWithoutAnIdIsRead() {
        // Xcode 8 wrote <view key="contentView"> in a cell without an id (avijeets/ConnectFour).
        let text = Fixtures.storyboard(
            replacing: "<collectionViewCellContentView key=\"contentView\" opaque=\"NO\" id=\"cc1-aa-001\">",
            with: "<view key=\"contentView\" opaque=\"NO\">"
        )
        .replacingOccurrences(of: "</collectionViewCellContentView>", with: "</view>")
        let (document, diagnostics) = self.read(text)
        #expect(document != nil)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
    }

    @Test func theTopAndBottomLayoutGuidesOfIOS10AreTheSafeAreasEdges() throws {
        // Xcode 8's <viewControllerLayoutGuide>s (ParankushBhardwaj/TimeShare, DrewFitzpatrick's XOO).
        let text = Fixtures.storyboard(replacing: "<viewLayoutGuide key=\"safeArea\" id=\"sa1-aa-001\"/>", with: "")
            .replacingOccurrences(
                of: "secondItem=\"sa1-aa-001\" secondAttribute=\"top\"",
                with: "secondItem=\"tg1-aa-001\" secondAttribute=\"bottom\""
            )
            .replacingOccurrences(
                of: "customModuleProvider=\"target\" sceneMemberID=\"viewController\">",
                with:
                    "customModuleProvider=\"target\" sceneMemberID=\"viewController\">\n<layoutGuides><viewControllerLayoutGuide type=\"top\" id=\"tg1-aa-001\"/><viewControllerLayoutGuide type=\"bottom\" id=\"bg1-aa-001\"/></layoutGuides>"
            )
        let (document, diagnostics) = self.read(text)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
        let view = try #require(document?.scenes.first?.view)
        #expect(view.guides == ["tg1-aa-001": "topLayoutGuide", "bg1-aa-001": "bottomLayoutGuide"])
    }

    @Test func aDanglingOrRepeatedIdIsAnError() {
        let dangling = Fixtures.storyboard(
            replacing: "destination=\"vc2-aa-001\" kind=\"embed\"", with: "destination=\"nowhere\" kind=\"embed\"")
        let (document, diagnostics) = self.read(dangling)
        #expect(document == nil)
        #expect(
            diagnostics.count == 1 && diagnostics[0].severity == .error
                && diagnostics[0].message.contains("\"nowhere\""))
        #expect(diagnostics[0].line == Fixtures.line(of: "destination=\"nowhere\"", in: dangling))
        let repeated = Fixtures.storyboard(replacing: "id=\"bt2-aa-001\"", with: "id=\"bt1-aa-001\"")
        #expect(
            self.read(repeated).diagnostics.contains {
                $0.severity == .error && $0.message.contains("repeats the id \"bt1-aa-001\"")
            })
        let initial = Fixtures.storyboard(
            replacing: "initialViewController=\"vc1-aa-001\"", with: "initialViewController=\"gone\"")
        #expect(self.read(initial).diagnostics.map(\.line) == [2])
    }

    @Test func aDocumentOfAnotherKindIsAnError() {
        let mac = Fixtures.storyboard(
            replacing: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
            with: "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB")
        #expect(self.read(mac).diagnostics.first?.message.contains("not an iOS storyboard") == true)
        #expect(
            self.read("<plist version=\"1.0\"/>").diagnostics.first?.message.contains(
                "not an Interface Builder document") == true)
    }
}
