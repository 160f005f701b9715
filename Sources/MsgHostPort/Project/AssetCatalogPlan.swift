import Foundation

/// Where an asset catalog's sets go in the ported package's resources, which MessagesSDK reads
/// as Xcode writes them (Sources/MessagesSDK/Images/AssetCatalog.swift): each image, colour and
/// data set is copied whole to `Resources/NAME.KIND`, its name prefixed by the groups above it
/// that provide a namespace ("Icons/star"), as the compiled catalog names it on iOS. Stickers
/// of a `.stickerpack` become image files in `Resources/PACK/` in the pack's order, for the
/// app's `MSSticker(contentsOfFileURL:)`. App icons have no use here and are left out, saying so.
///
/// The plan is made from paths and bytes the caller reads, so it is tested without a disk.
public struct AssetCatalogPlan: Equatable, Sendable {
    public struct Copy: Equatable, Sendable {
        /// Relative to the catalog's folder.
        public var source: String
        /// Relative to the package's `Resources` folder.
        public var destination: String

        public init(source: String, destination: String) {
            self.source = source
            self.destination = destination
        }
    }

    public var copies: [Copy] = []
    public var report: [PortReport.Entry] = []

    static let copiedKinds: Set<String> = ["imageset", "colorset", "dataset"]
    static let iconKinds: Set<String> = ["appiconset", "stickersiconset", "iconset", "brandassets", "imagestack"]

    /// `catalog`: the catalog's path as the report names it; `folders`: every folder below it,
    /// relative to it ("Icons", "Icons/star.imageset"); `contents`: a folder's Contents.json
    /// bytes, nil when it has none; `exists`: whether a file (relative to the catalog) is there.
    public init(catalog: String, folders: [String], contents: (String) -> Data?, exists: (String) -> Bool) {
        let sorted = folders.sorted()
        for folder in sorted {
            let parts = folder.split(separator: "/").map(String.init)
            guard let last = parts.last else { continue }
            let kind = (last as NSString).pathExtension
            // A set inside a set (a sticker in its pack) is the outer one's business.
            if parts.dropLast().contains(where: { !($0 as NSString).pathExtension.isEmpty }) { continue }
            let namespace = self.namespace(of: parts.dropLast(), catalog: catalog, contents: contents)
            let name = (last as NSString).deletingPathExtension
            if Self.copiedKinds.contains(kind) {
                self.copies.append(Copy(source: folder, destination: namespace + name + "." + kind))
                self.checkFiles(of: folder, catalog: catalog, contents: contents, exists: exists)
            } else if kind == "stickerpack" {
                self.planStickers(
                    pack: folder, name: name, folders: sorted, catalog: catalog, contents: contents, exists: exists)
            } else if Self.iconKinds.contains(kind) {
                self.report.append(
                    PortReport.Entry(
                        file: catalog + "/" + folder, line: 0, kind: .note, before: last, after: last,
                        why: "an icon: Messages draws it in its app drawer on iOS; msghost has no use for it"))
            } else if !kind.isEmpty {
                self.report.append(
                    PortReport.Entry(
                        file: catalog + "/" + folder, line: 0, kind: .couldNotPort, before: last, after: last,
                        why: "a .\(kind) set is not read by MessagesSDK: load its files from Resources yourself"))
            }
        }
    }

    /// "Group/" for each group above that provides a namespace (its Contents.json says so).
    private func namespace(of groups: ArraySlice<String>, catalog: String, contents: (String) -> Data?) -> String {
        var prefix = ""
        var path = ""
        for group in groups {
            path += (path.isEmpty ? "" : "/") + group
            if let data = contents(path), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                (json["properties"] as? [String: Any])?["provides-namespace"] as? Bool == true
            {
                prefix += group + "/"
            }
        }
        return prefix
    }

    /// A set whose Contents.json names a file that is not there: the app gets nil for it.
    private mutating func checkFiles(
        of folder: String, catalog: String, contents: (String) -> Data?, exists: (String) -> Bool
    ) {
        guard let data = contents(folder) else {
            self.report.append(
                PortReport.Entry(
                    file: catalog + "/" + folder, line: 0, kind: .couldNotPort, before: folder, after: folder,
                    why: "the set has no Contents.json: MessagesSDK finds nothing in it"))
            return
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            self.report.append(
                PortReport.Entry(
                    file: catalog + "/" + folder + "/Contents.json", line: 0, kind: .couldNotPort,
                    before: "Contents.json", after: "Contents.json",
                    why: "not JSON: MessagesSDK finds nothing in the set"))
            return
        }
        let entries = ["images", "colors", "data"].flatMap { json[$0] as? [[String: Any]] ?? [] }
        for file in entries.compactMap({ $0["filename"] as? String })
        where file.contains("/") || !exists(folder + "/" + file) {
            self.report.append(
                PortReport.Entry(
                    file: catalog + "/" + folder, line: 0, kind: .couldNotPort, before: file, after: file,
                    why:
                        "Contents.json names \(file), which is not in the set: add the file, or the app gets nil where it asks for it"
                ))
        }
    }

    /// A sticker pack's stickers, in the order its Contents.json lists them (else by name).
    private mutating func planStickers(
        pack: String, name: String, folders: [String], catalog: String, contents: (String) -> Data?,
        exists: (String) -> Bool
    ) {
        let listed =
            (contents(pack).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["stickers"]
            as? [[String: Any]] ?? [])
            .compactMap { $0["filename"] as? String }
        let present = folders.filter { ($0 as NSString).deletingLastPathComponent == pack && $0.hasSuffix(".sticker") }
            .map { ($0 as NSString).lastPathComponent }
        let order = listed.filter(present.contains) + present.filter { !listed.contains($0) }.sorted()
        for (index, sticker) in order.enumerated() {
            let folder = pack + "/" + sticker
            let properties =
                contents(folder).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?[
                    "properties"] as? [String: Any]
            guard let file = properties?["filename"] as? String, !file.contains("/"), exists(folder + "/" + file) else {
                self.report.append(
                    PortReport.Entry(
                        file: catalog + "/" + folder, line: 0, kind: .couldNotPort, before: sticker, after: sticker,
                        why: "the sticker's Contents.json names no image file that is there"))
                continue
            }
            let stem = (sticker as NSString).deletingPathExtension
            let destination = String(format: "%@/%02d %@.%@", name, index + 1, stem, (file as NSString).pathExtension)
            self.copies.append(Copy(source: folder + "/" + file, destination: destination))
        }
        self.report.append(
            PortReport.Entry(
                file: catalog + "/" + pack, line: 0, kind: .note, before: name, after: "Resources/\(name)/",
                why:
                    "its \(order.count) stickers are image files there, numbered in the pack's order: the drawer shows what the app's MSStickerBrowserViewDataSource answers"
            ))
    }
}
