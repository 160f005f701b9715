import Foundation

/// An asset catalog's sets in the app's resources directory (`UIImage.resourcesDirectory`), in
/// the form Xcode writes them: `NAME.imageset`, `NAME.colorset`, `NAME.dataset`, each a folder
/// with its `Contents.json`. `msghost-port` copies an extension's `.xcassets` there as they are
/// (a group that provides a namespace becomes a folder: "Icons/star" is
/// `Icons/star.imageset`), so `UIImage(named:)`, `UIColor(named:)` and `NSDataAsset(name:)`
/// find what they find in the app bundle's compiled catalog on iOS.
///
/// Each set is read when asked for, not cached: the resources are a few files, and a test that
/// changes one sees the change. What cannot be read (no file, bad JSON, a PDF-only image that
/// Cairo cannot draw, a colour that refers to a system colour by name) is nil with a line in
/// the log naming the set and what was wrong, never a trap.
enum AssetCatalog {
    /// One entry of a set's `images`, `colors` or `data` list; keys Xcode writes that do not
    /// change the choice here (`author`, `version`, `template-rendering-intent`…) are ignored.
    struct Entry: Decodable {
        var idiom: String?
        var filename: String?
        var scale: String?
        var appearances: [Appearance]?
        var color: Color?
        var typeIdentifier: String?

        enum CodingKeys: String, CodingKey {
            case idiom, filename, scale, appearances, color
            case typeIdentifier = "universal-type-identifier"
        }

        struct Appearance: Decodable {
            var appearance: String
            var value: String
        }

        struct Color: Decodable {
            var colorSpace: String?
            var components: [String: String]?
            var platform: String?
            var reference: String?

            enum CodingKeys: String, CodingKey {
                case colorSpace = "color-space"
                case components, platform, reference
            }
        }
    }

    struct Contents: Decodable {
        var images: [Entry]?
        var colors: [Entry]?
        var data: [Entry]?
    }

    /// The set `name.kind` under `directory`, its folder and contents; nil (logged) when the
    /// folder is there and its Contents.json cannot be read.
    static func set(_ name: String, kind: String, in directory: URL) -> (folder: URL, contents: Contents)? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let folder = directory.appendingPathComponent(name + "." + kind, isDirectory: true)
        let file = folder.appendingPathComponent("Contents.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: Data(contentsOf: file))
            return (folder, contents)
        } catch {
            HostConnection.log("asset catalog: \(name).\(kind)/Contents.json cannot be read: \(error)")
            return nil
        }
    }

    /// Whether an entry is for this device: "universal", or the screen's own idiom.
    static func fits(_ entry: Entry, idiom: UIUserInterfaceIdiom) -> Bool {
        switch entry.idiom ?? "universal" {
        case "universal": true
        case "iphone": idiom == .phone
        case "ipad": idiom == .pad
        default: false
        }
    }

    /// The image file of an image set for a screen of `scale`, as iOS picks it: the device's
    /// own idiom before "universal", then the exact scale, else the nearest larger (drawn
    /// down), else the largest there is. An entry with no scale is a single-scale image.
    static func imageFile(_ name: String, in directory: URL, scale: CGFloat, idiom: UIUserInterfaceIdiom) -> (
        url: URL, scale: CGFloat
    )? {
        guard let (folder, contents) = self.set(name, kind: "imageset", in: directory) else { return nil }
        let files = (contents.images ?? []).filter { $0.filename != nil && self.fits($0, idiom: idiom) }
        guard !files.isEmpty else {
            HostConnection.log("asset catalog: \(name).imageset has no image file for this device")
            return nil
        }
        func scaleOf(_ entry: Entry) -> CGFloat {
            entry.scale.flatMap { Double($0.dropLast()) }.map { CGFloat($0) } ?? 1
        }
        let own = files.filter { ($0.idiom ?? "universal") != "universal" }
        let pool = own.isEmpty ? files : own
        let larger = pool.filter { scaleOf($0) >= scale }.min { scaleOf($0) < scaleOf($1) }
        guard let chosen = larger ?? pool.max(by: { scaleOf($0) < scaleOf($1) }), let filename = chosen.filename else {
            return nil
        }
        let url = folder.appendingPathComponent(filename)
        guard ["png", "jpg", "jpeg", "gif"].contains(url.pathExtension.lowercased()) else {
            HostConnection.log(
                "asset catalog: \(name).imageset's \(filename) is not a PNG, JPEG or GIF (a vector PDF is not drawn here)"
            )
            return nil
        }
        return (url, scaleOf(chosen))
    }

    /// The colour of a colour set in the light appearance (the only one here), in sRGB.
    static func color(_ name: String, in directory: URL, idiom: UIUserInterfaceIdiom) -> UIColor? {
        guard let (_, contents) = self.set(name, kind: "colorset", in: directory) else { return nil }
        let light = (contents.colors ?? []).filter { entry in
            self.fits(entry, idiom: idiom)
                && !(entry.appearances ?? []).contains { $0.appearance == "luminosity" && $0.value == "dark" }
        }
        guard let color = light.first?.color else {
            HostConnection.log("asset catalog: \(name).colorset has no colour for this device")
            return nil
        }
        if let reference = color.reference {
            HostConnection.log(
                "asset catalog: \(name).colorset refers to the system colour \(reference), which is not resolved here")
            return nil
        }
        let components = color.components ?? [:]
        guard let red = self.component(components["red"]), let green = self.component(components["green"]),
            let blue = self.component(components["blue"])
        else {
            HostConnection.log("asset catalog: \(name).colorset's components are not numbers: \(components)")
            return nil
        }
        let alpha = self.component(components["alpha"]) ?? 1
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A component as Xcode writes it: "0.500" (0 to 1), "0x80" or "128" (0 to 255).
    static func component(_ text: String?) -> CGFloat? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { CGFloat($0) / 255 } }
        if !text.contains("."), let whole = Int(text) {
            return whole <= 1 ? CGFloat(whole) : CGFloat(min(max(whole, 0), 255)) / 255
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return CGFloat(min(max(value, 0), 1))
    }

    /// The file of a data set for this device.
    static func dataFile(_ name: String, in directory: URL, idiom: UIUserInterfaceIdiom) -> (url: URL, type: String)? {
        guard let (folder, contents) = self.set(name, kind: "dataset", in: directory) else { return nil }
        guard let entry = (contents.data ?? []).first(where: { $0.filename != nil && self.fits($0, idiom: idiom) }),
            let filename = entry.filename
        else {
            HostConnection.log("asset catalog: \(name).dataset has no file for this device")
            return nil
        }
        return (folder.appendingPathComponent(filename), entry.typeIdentifier ?? "public.data")
    }
}
