import Foundation
import Testing

@testable import MessagesSDK

/// Asset catalog sets as Xcode writes them, read from a resources directory: the image file
/// for the screen's scale and idiom, colours in each of Xcode's notations, data sets, and
/// what cannot be read answered nil.
@MainActor @Suite struct AssetCatalogTests {
    /// A resources directory with `sets` (path → Contents.json) and PNGs of the given sizes.
    static func resources(_ sets: [String: String], images: [String: CGSize] = [:]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "assets-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (path, json) in sets {
            let folder = directory.appendingPathComponent(path, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        }
        for (path, size) in images {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let image = UIGraphicsImageRenderer(size: size, format: format).image { _ in
                UIColor.red.setFill()
                UIRectFill(CGRect(origin: .zero, size: size))
            }
            try #require(image.pngData()).write(to: directory.appendingPathComponent(path))
        }
        return directory
    }

    static let cone = """
        {"images":[{"idiom":"universal","filename":"cone.png","scale":"1x"},
        {"idiom":"universal","filename":"cone@2x.png","scale":"2x"},
        {"idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}
        """

    @Test func anImageSetGivesTheFileForTheScreensScaleOrTheNearestLarger() throws {
        let directory = try Self.resources(
            ["cone.imageset": Self.cone],
            images: [
                "cone.imageset/cone.png": CGSize(width: 10, height: 12),
                "cone.imageset/cone@2x.png": CGSize(width: 20, height: 24),
            ])
        let one = try #require(AssetCatalog.imageFile("cone", in: directory, scale: 1, idiom: .phone))
        #expect(one.url.lastPathComponent == "cone.png" && one.scale == 1)
        let two = try #require(AssetCatalog.imageFile("cone", in: directory, scale: 2, idiom: .phone))
        #expect(two.url.lastPathComponent == "cone@2x.png" && two.scale == 2)
        // No 3x file: the largest there is, drawn at its own scale, so the size in points holds.
        let three = try #require(AssetCatalog.imageFile("cone", in: directory, scale: 3, idiom: .phone))
        #expect(three.url.lastPathComponent == "cone@2x.png")
        let image = try #require(UIImage(data: try Data(contentsOf: three.url), scale: three.scale))
        #expect(image.size == CGSize(width: 10, height: 12))
    }

    @Test func theDevicesOwnIdiomComesBeforeUniversal() throws {
        let json = """
            {"images":[{"idiom":"universal","filename":"u.png","scale":"2x"},{"idiom":"ipad","filename":"pad.png","scale":"2x"}]}
            """
        let directory = try Self.resources(["Icons/star.imageset": json])
        #expect(
            AssetCatalog.imageFile("Icons/star", in: directory, scale: 2, idiom: .pad)?.url.lastPathComponent
                == "pad.png")
        #expect(
            AssetCatalog.imageFile("Icons/star", in: directory, scale: 2, idiom: .phone)?.url.lastPathComponent
                == "u.png")
    }

    @Test func whatCannotBeReadIsNil() throws {
        let directory = try Self.resources([
            "broken.imageset": "{ not json",
            "vector.imageset": #"{"images":[{"idiom":"universal","filename":"v.pdf"}]}"#,
            "empty.imageset": #"{"images":[{"idiom":"universal","scale":"1x"}]}"#,
            "system.colorset":
                #"{"colors":[{"idiom":"universal","color":{"platform":"ios","reference":"systemBlueColor"}}]}"#,
            "words.colorset":
                #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"red","green":"0","blue":"0"}}}]}"#,
        ])
        for name in ["broken", "vector", "empty", "missing", "../escape", "/etc/passwd", ""] {
            #expect(AssetCatalog.imageFile(name, in: directory, scale: 2, idiom: .phone) == nil, "\(name)")
        }
        #expect(AssetCatalog.color("system", in: directory, idiom: .phone) == nil)
        #expect(AssetCatalog.color("words", in: directory, idiom: .phone) == nil)
        #expect(AssetCatalog.dataFile("missing", in: directory, idiom: .phone) == nil)
    }

    @Test func colourSetsInEachOfXcodesNotationsTakeTheLightAppearance() throws {
        let json = """
            {"colors":[
            {"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0x80","green":"51","blue":"0.250","alpha":"1.000"}}},
            {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],
             "color":{"color-space":"srgb","components":{"red":"0","green":"0","blue":"0","alpha":"1"}}}]}
            """
        let directory = try Self.resources(["Brand.colorset": json])
        let color = try #require(AssetCatalog.color("Brand", in: directory, idiom: .phone))
        let components = try #require(color.cgColor.components)
        #expect(abs(components[0] - 128.0 / 255) < 1e-9)
        #expect(abs(components[1] - 51.0 / 255) < 1e-9)
        #expect(components[2] == 0.25 && components[3] == 1)
        #expect(AssetCatalog.component("1") == 1 && AssetCatalog.component("0") == 0)
        #expect(AssetCatalog.component("nan") == nil && AssetCatalog.component("0xZZ") == nil)
        #expect(AssetCatalog.component("7.5") == 1, "clamped to 0…1")
    }

    @Test func aDataSetGivesItsFileAndType() throws {
        let directory = try Self.resources([
            "levels.dataset":
                #"{"data":[{"idiom":"universal","filename":"levels.json","universal-type-identifier":"public.json"}]}"#
        ])
        try Data("[1,2]".utf8).write(to: directory.appendingPathComponent("levels.dataset/levels.json"))
        let file = try #require(AssetCatalog.dataFile("levels", in: directory, idiom: .phone))
        #expect(file.type == "public.json")
        #expect(try Data(contentsOf: file.url) == Data("[1,2]".utf8))
    }

    /// `Bundle.extensionResources` finds a file of the resources directory as `Bundle.main` finds
    /// one of the app bundle on iOS; a directory that is not there is `Bundle.main`.
    @Test func theExtensionsResourcesAreABundle() throws {
        let directory = try Self.resources([:], images: ["sticker_placeholder.png": CGSize(width: 2, height: 2)])
        let bundle = Bundle.resources(in: directory)
        #expect(
            bundle.url(forResource: "sticker_placeholder", withExtension: "png")?.lastPathComponent
                == "sticker_placeholder.png")
        #expect(bundle.path(forResource: "missing", ofType: "png") == nil)
        #expect(Bundle.resources(in: directory.appendingPathComponent("nope")) === Bundle.main)
    }
}
