import Foundation
import MsgHostPort
import Testing

/// Where an asset catalog's sets go in the package's Resources: sets whole, namespaces kept,
/// stickers in their pack's order, icons and unknown kinds in the report.
@Suite struct AssetCatalogPlanTests {
    @Test func setsAreCopiedWholeUnderTheirNamespacedNames() {
        let namespace = Data(#"{"properties":{"provides-namespace":true}}"#.utf8)
        let plan = AssetCatalogPlan(
            catalog: "Assets.xcassets",
            folders: [
                "Icons", "Icons/star.imageset", "Plain", "Plain/moon.imageset", "Brand.colorset", "levels.dataset",
                "AppIcon.appiconset", "Odd.arobject",
            ]
        ) { path in
            path == "Icons" ? namespace : (path.hasSuffix("set") ? Data("{}".utf8) : nil)
        } exists: { _ in
            true
        }
        #expect(
            plan.copies == [
                .init(source: "Brand.colorset", destination: "Brand.colorset"),
                .init(source: "Icons/star.imageset", destination: "Icons/star.imageset"),
                .init(source: "Plain/moon.imageset", destination: "moon.imageset"),
                .init(source: "levels.dataset", destination: "levels.dataset"),
            ])
        #expect(plan.report.map(\.kind) == [.note, .couldNotPort])
        #expect(plan.report[0].file == "Assets.xcassets/AppIcon.appiconset")
        #expect(plan.report[1].why.contains(".arobject"))
    }

    @Test func stickersGoInTheirPacksOrderAndOneWithoutAFileIsReported() {
        let contents: [String: String] = [
            "Pack.stickerpack": #"{"stickers":[{"filename":"Zebra.sticker"},{"filename":"Ant.sticker"}]}"#,
            "Pack.stickerpack/Zebra.sticker": #"{"properties":{"filename":"zebra.png"}}"#,
            "Pack.stickerpack/Ant.sticker": #"{"properties":{"filename":"ant.gif"}}"#,
            "Pack.stickerpack/Mole.sticker": #"{"properties":{"filename":"mole.png"}}"#,
            "Pack.stickerpack/Ghost.sticker": "{}",
        ]
        let plan = AssetCatalogPlan(catalog: "Stickers.xcstickers", folders: Array(contents.keys)) {
            contents[$0].map { Data($0.utf8) }
        } exists: { _ in
            true
        }
        #expect(
            plan.copies == [
                .init(source: "Pack.stickerpack/Zebra.sticker/zebra.png", destination: "Pack/01 Zebra.png"),
                .init(source: "Pack.stickerpack/Ant.sticker/ant.gif", destination: "Pack/02 Ant.gif"),
                .init(source: "Pack.stickerpack/Mole.sticker/mole.png", destination: "Pack/04 Mole.png"),
            ])
        #expect(
            plan.report.contains {
                $0.kind == .couldNotPort && $0.file == "Stickers.xcstickers/Pack.stickerpack/Ghost.sticker"
            })
        #expect(plan.report.contains { $0.kind == .note && $0.after == "Resources/Pack/" })
    }

    @Test func aSetThatNamesAMissingFileOrHasNoContentsIsReported() {
        let contents: [String: String] = [
            "cone.imageset":
                #"{"images":[{"idiom":"universal","filename":"cone.png","scale":"1x"},{"idiom":"universal","filename":"cone@2x.png","scale":"2x"}]}"#,
            "broken.colorset": "{ not json",
        ]
        let plan = AssetCatalogPlan(
            catalog: "Assets.xcassets", folders: ["cone.imageset", "broken.colorset", "empty.dataset"]
        ) {
            contents[$0].map { Data($0.utf8) }
        } exists: {
            $0 == "cone.imageset/cone.png"
        }
        #expect(
            plan.copies.map(\.destination) == ["broken.colorset", "cone.imageset", "empty.dataset"],
            "copied anyway: the rest of each set is good")
        let left = plan.report.filter { $0.kind == .couldNotPort }
        #expect(left.count == 3)
        #expect(left.contains { $0.file == "Assets.xcassets/cone.imageset" && $0.before == "cone@2x.png" })
        #expect(left.contains { $0.file == "Assets.xcassets/broken.colorset/Contents.json" })
        #expect(left.contains { $0.file == "Assets.xcassets/empty.dataset" && $0.why.contains("no Contents.json") })
    }
}
