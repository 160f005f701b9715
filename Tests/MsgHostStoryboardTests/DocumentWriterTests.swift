import Foundation
import Testing

@testable import MsgHostStoryboard

/// The Swift written for the fixture storyboard, checked for what it does: the code of the
/// fixture app (Tests/Fixtures/StoryboardApp) is compiled and run by MessagesSDKTests.
@Suite struct DocumentWriterTests {
    private func compile(_ text: String = Fixtures.storyboard) throws -> (source: String, diagnostics: [Diagnostic]) {
        let output = StoryboardCompiler.compile([(Data(text.utf8), "/app/Main.storyboard")])
        return (try #require(output.source), output.diagnostics)
    }

    /// The source with runs of spaces made one, so a check does not depend on indentation.
    private func lines(_ source: String) -> [String] {
        source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theStoryboardIsRegisteredWithItsScenesAndInitialController() throws {
        let (source, diagnostics) = try self.compile()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let lines = self.lines(source)
        #expect(lines.contains("UIStoryboard.register(Storyboard_Main.definition)"))
        #expect(lines.contains("UIStoryboard.Definition(name: \"Main\", initialScene: \"vc1-aa-001\", scenes: ["))
        #expect(
            lines.contains(
                "UIStoryboard.Scene(id: \"vc1-aa-001\", identifier: \"Board\", make: { storyboard, creator in self.scene_vc1_aa_001(storyboard, creator) }),"
            ))
        #expect(
            lines.contains(
                "UIStoryboard.Scene(id: \"vc2-aa-001\", identifier: nil, make: { storyboard, creator in self.scene_vc2_aa_001(storyboard, creator) }),"
            ))
        #expect(
            lines.contains(
                "guard let v_vc1_aa_001 = StoryboardObjects.controller(BoardViewController.self, creator: creator, in: \"Main.storyboard\") else { return nil }"
            ))
        #expect(
            lines.contains(
                "guard let v_vc3_aa_001 = StoryboardObjects.controller(UIViewController.self, creator: creator, in: \"Main.storyboard\") else { return nil }"
            ))
    }

    @Test func viewsAreBuiltWithTheirAttributes() throws {
        let lines = self.lines(try self.compile().source)
        #expect(lines.contains("let v_lb1_aa_001 = UILabel(frame: CGRect(x: 16, y: 59, width: 361, height: 21))"))
        #expect(lines.contains("v_lb1_aa_001.text = \"Score: \\\"0\\\"\""))
        #expect(lines.contains("v_lb1_aa_001.font = UIFont.systemFont(ofSize: 17, weight: .semibold)"))
        #expect(lines.contains("v_lb1_aa_001.textColor = UIColor.label"))
        #expect(lines.contains("v_lb1_aa_001.textAlignment = .center"))
        #expect(lines.contains("v_bt1_aa_001.setTitle(\"Play\", for: .normal)"))
        #expect(lines.contains("v_vw1_aa_001.addSubview(v_lb1_aa_001)"))
        #expect(lines.contains("v_fl1_aa_001.itemSize = CGSize(width: 80, height: 80)"))
        #expect(
            lines.contains(
                "let v_cv1_aa_001 = UICollectionView(frame: CGRect(x: 0, y: 140, width: 393, height: 100), collectionViewLayout: v_fl1_aa_001)"
            ))
        #expect(lines.contains("v_iv1_aa_001.image = UIImage(named: \"piece\")"))
    }

    /// A flow layout of the app's own class is made of that class.
    @Test func aFlowLayoutOfTheAppsClassIsMadeOfIt() throws {
        let text = Fixtures.storyboard.replacingOccurrences(
            of: "<collectionViewFlowLayout key=\"collectionViewLayout\"",
            with:
                "<collectionViewFlowLayout key=\"collectionViewLayout\" customClass=\"PagingLayout\" customModule=\"App\" customModuleProvider=\"target\""
        )
        let (source, diagnostics) = try self.compile(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(self.lines(source).contains("let v_fl1_aa_001 = PagingLayout()"))
        #expect(self.lines(try self.compile().source).contains("let v_fl1_aa_001 = UICollectionViewFlowLayout()"))
    }

    /// An autoresizing mask is set; Xcode 8's fixed frame is the view's own, and its frame
    /// inset places it in its superview once added.
    @Test func masksAndXcode8FrameInsetsArePlaced() throws {
        let text = Fixtures.storyboard
            .replacingOccurrences(
                of: #"buttonType="system" id="bt2-aa-001">"#,
                with:
                    #"fixedFrame="YES" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="bt2-aa-001">"#
            )
            .replacingOccurrences(
                of: #"<rect key="frame" x="104" y="88" width="80" height="44"/>"#,
                with:
                    #"<frame key="frameInset" minY="-2" maxX="10"/><autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>"#
            )
        #expect(text != Fixtures.storyboard)
        let (source, diagnostics) = try self.compile(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let lines = self.lines(source)
        #expect(lines.contains("v_bt2_aa_001.translatesAutoresizingMaskIntoConstraints = true"))
        #expect(lines.contains("v_bt2_aa_001.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]"))
        let added = try #require(lines.firstIndex(of: "v_vw1_aa_001.addSubview(v_bt2_aa_001)"))
        #expect(lines[added + 1] == "StoryboardObjects.place(v_bt2_aa_001, minY: -2, maxX: 10)")
    }

    /// A `<collectionViewLayout>` of the app's class, with its runtime attributes (the
    /// layout's `@IBInspectable`s, a view's `layer.cornerRadius`), set after the rest.
    @Test func aCustomLayoutAndRuntimeAttributesAreSet() throws {
        let text = Fixtures.storyboard
            .replacingOccurrences(
                of:
                    #"<collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="fl1-aa-001">"#,
                with:
                    #"<collectionViewLayout key="collectionViewLayout" id="fl1-aa-001" customClass="GridLayout" customModule="App"><userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="rows"><integer key="value" value="3"/></userDefinedRuntimeAttribute><userDefinedRuntimeAttribute type="boolean" keyPath="isWrapping" value="YES"/><userDefinedRuntimeAttribute type="rect" keyPath="box"><rect key="value" x="0" y="0" width="1" height="1"/></userDefinedRuntimeAttribute></userDefinedRuntimeAttributes>"#
            )
            .replacingOccurrences(of: "</collectionViewFlowLayout>", with: "</collectionViewLayout>")
            .replacingOccurrences(
                of: #"<state key="normal" title="Rules"/>"#,
                with:
                    #"<state key="normal" title="Rules"/><userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><real key="value" value="4.5"/></userDefinedRuntimeAttribute><userDefinedRuntimeAttribute type="string" keyPath="bad path" value="x"/></userDefinedRuntimeAttributes>"#
            )
        let (source, diagnostics) = try self.compile(text)
        let lines = self.lines(source)
        #expect(lines.contains("let v_fl1_aa_001 = GridLayout()"))
        #expect(lines.contains("v_fl1_aa_001.rows = 3") && lines.contains("v_fl1_aa_001.isWrapping = true"))
        #expect(lines.contains("v_bt2_aa_001.layer.cornerRadius = 4.5"))
        #expect(
            diagnostics.map(\.message).sorted() == [
                "a runtime attribute's keyPath \"bad path\" is not a Swift property path; left out",
                "runtime attribute box of type \"rect\" is left out: the compiler sets numbers, Booleans, strings, images and colours",
            ], "\(diagnostics)")
    }

    /// A constraint of some size classes (an iPad's, excluded by default) is made active
    /// only where the device's size classes install it, with its constant for them.
    @Test func sizeClassVariationsDecideWhetherAConstraintIsActive() throws {
        let text = Fixtures.storyboard
            .replacingOccurrences(
                of: #"identifier="collection-height" id="co3-aa-001"/>"#,
                with:
                    #"identifier="collection-height" id="co3-aa-001"><variation key="heightClass=regular-widthClass=regular" constant="550"/></constraint>"#
            )
            .replacingOccurrences(
                of: "</constraints>",
                with:
                    "</constraints><variation key=\"default\"><mask key=\"constraints\"><exclude reference=\"co3-aa-001\"/></mask></variation><variation key=\"heightClass=regular-widthClass=regular\"><mask key=\"constraints\"><include reference=\"co3-aa-001\"/></mask></variation><variation key=\"heightClass=compact-widthClass=unknown\"/>"
            )
        let (source, diagnostics) = try self.compile(text)
        let lines = self.lines(source)
        #expect(
            lines.contains(
                "if StoryboardObjects.vary(v_co3_aa_001, [.init(installed: false), .init(width: .regular, height: .regular, installed: true), .init(width: .regular, height: .regular, constant: 550)]) { v_co3_aa_001.isActive = true }"
            ), "\(source)")
        #expect(!lines.contains("v_co3_aa_001,"), "not among those always active")
        #expect(
            diagnostics.map(\.message) == [
                "the variation \"heightClass=compact-widthClass=unknown\" is not a size class the compiler knows; left out"
            ])
    }

    @Test func constraintsAreMadeWithTheirRelationPriorityAndGuides() throws {
        let lines = self.lines(try self.compile().source)
        #expect(
            lines.contains(
                "let v_co1_aa_001 = NSLayoutConstraint(item: v_lb1_aa_001, attribute: .top, relatedBy: .equal, toItem: v_vw1_aa_001.safeAreaLayoutGuide, attribute: .top, multiplier: 1, constant: 20)"
            ))
        #expect(
            lines.contains(
                "let v_co2_aa_001 = NSLayoutConstraint(item: v_vw1_aa_001, attribute: .trailing, relatedBy: .equal, toItem: v_lb1_aa_001, attribute: .trailing, multiplier: 1, constant: 16)"
            ))
        #expect(
            lines.contains(
                "let v_co3_aa_001 = NSLayoutConstraint(item: v_cv1_aa_001, attribute: .height, relatedBy: .greaterThanOrEqual, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 100)"
            ))
        #expect(lines.contains("v_co3_aa_001.priority = UILayoutPriority(750)"))
        #expect(lines.contains("v_co3_aa_001.identifier = \"collection-height\""))
        #expect(lines.contains { $0.hasPrefix("let v_co4_aa_001 = ") && $0.contains("multiplier: 0.5") })
        #expect(
            lines.contains("v_cv1_aa_001.translatesAutoresizingMaskIntoConstraints = false"),
            "a constrained view stops translating its mask")
        #expect(!lines.contains("v_vw1_aa_001.translatesAutoresizingMaskIntoConstraints = false"), "the root does not")
    }

    @Test func outletsCollectionsActionsAndSeguesAreConnected() throws {
        let lines = self.lines(try self.compile().source)
        #expect(
            lines.contains(
                "StoryboardObjects.connect(\"scoreLabel\", of: v_vc1_aa_001, to: v_lb1_aa_001, in: \"Main.storyboard\")"
            ))
        #expect(
            lines.contains(
                "StoryboardObjects.connect(\"controls\", of: v_vc1_aa_001, toCollection: [v_bt1_aa_001, v_bt2_aa_001], in: \"Main.storyboard\")"
            ))
        #expect(
            lines.contains(
                "v_bt1_aa_001.addAction(UIAction { [weak v_vc1_aa_001, weak v_bt1_aa_001] _ in guard let v_vc1_aa_001, let v_bt1_aa_001 else { return }; v_vc1_aa_001.play(v_bt1_aa_001) }, for: .touchUpInside)"
            ))
        #expect(lines.contains { $0.contains("v_vc1_aa_001.reset() }, for: .touchDown)") })
        #expect(
            lines.contains(
                "v_cv1_aa_001.dataSource = StoryboardObjects.cast(v_vc1_aa_001, to: (any UICollectionViewDataSource).self)"
            ))
        #expect(
            lines.contains(
                "\"sg2-aa-001\": UIStoryboardSegue.Template(identifier: \"ShowRules\", kind: .show, destination: \"vc3-aa-001\"),"
            ))
        #expect(
            lines.contains(
                "\"sg1-aa-001\": UIStoryboardSegue.Template(identifier: nil, kind: .embed, destination: \"vc2-aa-001\"),"
            ))
        #expect(
            lines.contains(
                "v_bt2_aa_001.addAction(UIAction { [weak v_vc1_aa_001, weak v_bt2_aa_001] _ in v_vc1_aa_001?.triggerCompiledSegue(\"sg2-aa-001\", sender: v_bt2_aa_001) }, for: .touchUpInside)"
            ))
        #expect(lines.contains("v_vc1_aa_001.embedCompiledSegue(\"sg1-aa-001\", in: v_ct1_aa_001)"))
    }

    @Test func aPrototypeCellIsRegisteredWithItsOwnTree() throws {
        let source = try self.compile().source
        let lines = self.lines(source)
        #expect(lines.contains("v_cv1_aa_001.registerPrototype({ () -> UICollectionViewCell in"))
        #expect(lines.contains("}, forCellWithReuseIdentifier: \"Piece\")"))
        #expect(
            lines.contains(
                "let v_ce1_aa_001: UICollectionViewCell = StoryboardObjects.make(PieceCell.self, in: \"Main.storyboard\", frame: CGRect(x: 0, y: 0, width: 80, height: 80)) ?? UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 80, height: 80))"
            ))
        #expect(lines.contains("let v_cc1_aa_001 = v_ce1_aa_001.contentView"))
        #expect(
            lines.contains(
                "StoryboardObjects.connect(\"pieceImage\", of: v_ce1_aa_001, to: v_iv1_aa_001, in: \"Main.storyboard\")"
            ))
        // The cell's tree is built inside its registration, after the collection view is made.
        let register = try #require(source.range(of: "registerPrototype"))
        #expect(source.range(of: "let v_iv1_aa_001")!.lowerBound > register.lowerBound)
    }

    @Test func anActionToAnotherScenesControllerIsAWarningAndTheRestIsWritten() throws {
        let text = Fixtures.storyboard(
            replacing: "<action selector=\"reset\" destination=\"vc1-aa-001\"",
            with: "<action selector=\"reset\" destination=\"vc3-aa-001\"")
        let output = StoryboardCompiler.compile([(Data(text.utf8), "/app/Main.storyboard")])
        #expect(output.source?.contains("v_vc1_aa_001.play(v_bt1_aa_001)") == true)
        #expect(
            output.diagnostics.map(\.message) == [
                "connection ac2-aa-001 is to vc3-aa-001, which is not in the same view tree (a prototype cell's views are their own); left out"
            ])
    }

    @Test func anActionToAControllerWithNoClassIsAWarning() throws {
        let text = Fixtures.storyboard(
            replacing: "customClass=\"BoardViewController\" customModule=\"App\" customModuleProvider=\"target\"",
            with: "")
        let output = StoryboardCompiler.compile([(Data(text.utf8), "/app/Main.storyboard")])
        #expect(output.source != nil)
        #expect(
            output.diagnostics.map(\.message).contains(
                "action play: is sent to a UIViewController, which has no such method here (give the object its custom class); left out"
            ))
    }

    @Test func selectorsBecomeSwiftCalls() {
        #expect(ConnectionWriter.call("tapped", sender: "s") == "tapped()")
        #expect(ConnectionWriter.call("tapped:", sender: "s") == "tapped(s)")
        #expect(ConnectionWriter.call("tappedWithSender:", sender: "s") == "tapped(sender: s)")
        #expect(ConnectionWriter.call("tapped:forEvent:", sender: "s") == nil)
    }

    @Test func twoFilesOfOneNameAreAnErrorAndAnErrorWritesNothing() {
        let data = Data(Fixtures.storyboard.utf8)
        let output = StoryboardCompiler.compile([(data, "/a/Main.storyboard"), (data, "/b/Main.storyboard")])
        #expect(output.source == nil)
        #expect(output.diagnostics.contains { $0.severity == .error && $0.path == "/b/Main.storyboard" })
        #expect(
            StoryboardCompiler.compile(paths: ["/nonexistent/X.xib"]).diagnostics.first?.message
                == "cannot read the file")
    }
}

extension DocumentWriterTests {
    /// A xib of a section header (a collection reusable view) is built of its class, with its
    /// subviews, and says nothing of an element it does not know.
    @Test func aSectionHeaderXibIsACollectionReusableView() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="13178.6" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <collectionReusableView opaque="NO" clipsSubviews="YES" contentMode="center" reuseIdentifier="Header" id="hd1-aa-001" customClass="MonthHeader" customModule="Calendar" customModuleProvider="target">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="62"/>
                        <subviews>
                            <label opaque="NO" text="January" id="lb9-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="30"/>
                            </label>
                        </subviews>
                        <connections>
                            <outlet property="title" destination="lb9-aa-001" id="ot9-aa-001"/>
                        </connections>
                    </collectionReusableView>
                </objects>
            </document>
            """
        let output = StoryboardCompiler.compile([(Data(xib.utf8), "/app/MonthHeader.xib")])
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let lines = self.lines(try #require(output.source))
        #expect(lines.contains { $0.contains("MonthHeader.self") }, "\(lines)")
        #expect(lines.contains("v_hd1_aa_001.addSubview(v_lb9_aa_001)"))
    }
}
