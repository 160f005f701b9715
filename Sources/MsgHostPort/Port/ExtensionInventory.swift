import Foundation

/// What is in an extension's folder, by what the port does with it: Swift sources (rewritten),
/// storyboards and xibs (compiled by the package's plugin), asset catalogs (planned set by
/// set), the Info.plist, and other files (copied as resources, as Xcode copies them into the
/// bundle). Paths are relative to the folder, sorted. Hidden files, build products and the
/// folders Xcode keeps for itself are skipped; files of no use here are noted in the report.
/// `Base.lproj` is read as a plain folder (its storyboards are the app's); other `.lproj`
/// folders (translations) are reported and left out.
public struct ExtensionInventory: Sendable {
    public var swiftFiles: [String] = []
    public var interfaceFiles: [String] = []
    public var catalogs: [String] = []
    public var infoPlist: String?
    public var resourceFiles: [String] = []
    public var report: [PortReport.Entry] = []

    static let skippedFolders: Set<String> = [
        "xcodeproj", "xcworkspace", "xcuserdata", "build", "DerivedData", "framework", "bundle", "playground",
    ]
    static let localized = "lproj"

    /// `documents`: whether a README, LICENSE or CHANGELOG is a resource (an app's folder) or
    /// left out (a pod's, where CocoaPods keeps them beside the sources).
    public init(folder: URL, documents: Bool = true) throws(ExtensionPort.Failure) {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else {
            throw ExtensionPort.Failure(description: "cannot read the folder \(folder.path)")
        }
        let base = folder.standardizedFileURL.path + "/"
        var plists: [String] = []
        for case let url as URL in walker {
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false
            let kind = url.pathExtension
            if isDirectory {
                if kind == "xcassets" || kind == "xcstickers" {
                    self.catalogs.append(relative)
                    walker.skipDescendants()
                } else if Self.skippedFolders.contains(kind) || Self.skippedFolders.contains(url.lastPathComponent) {
                    walker.skipDescendants()
                } else if url.lastPathComponent == "Base.lproj" {
                    // Xcode keeps the storyboards and xibs of Base Internationalization here;
                    // they are walked as any folder's.
                    continue
                } else if kind == Self.localized {
                    self.report.append(
                        PortReport.Entry(
                            file: relative, line: 0, kind: .couldNotPort, before: url.lastPathComponent,
                            after: url.lastPathComponent,
                            why:
                                "localized resources are not read here: copy the development language's files into Resources if the app loads them"
                        ))
                    walker.skipDescendants()
                }
                continue
            }
            switch kind {
            case "swift": self.swiftFiles.append(relative)
            case "storyboard", "xib": self.interfaceFiles.append(relative)
            case "plist" where url.lastPathComponent == "Info.plist": plists.append(relative)
            case "h", "m", "mm", "c", "cpp":
                self.report.append(
                    PortReport.Entry(
                        file: relative, line: 0, kind: .couldNotPort, before: url.lastPathComponent,
                        after: url.lastPathComponent,
                        why: "Objective-C and C sources are not ported: rewrite what the Swift code calls in Swift"))
            case "entitlements", "xcconfig", "pch", "modulemap": continue
            default:
                if !documents && Self.isDocument(url.lastPathComponent) { continue }
                self.resourceFiles.append(relative)
            }
        }
        // The extension's own Info.plist: the shallowest one.
        self.infoPlist = plists.min { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        self.swiftFiles.sort()
        self.interfaceFiles.sort()
        self.catalogs.sort()
        self.resourceFiles.sort()
        var seen: [String: String] = [:]
        for file in self.resourceFiles {
            let name = (file as NSString).lastPathComponent
            if let first = seen[name] {
                self.report.append(
                    PortReport.Entry(
                        file: file, line: 0, kind: .couldNotPort, before: name, after: name,
                        why: "a bundle's resources are one folder, and \(first) has the same name: this one is left out"
                    ))
            } else {
                seen[name] = file
            }
        }
        self.resourceFiles = self.resourceFiles.filter { seen[($0 as NSString).lastPathComponent] == $0 }
    }

    /// A project's own documents, by name.
    static func isDocument(_ name: String) -> Bool {
        let upper = name.uppercased()
        return ["README", "LICENSE", "LICENCE", "CHANGELOG", "CHANGES", "AUTHORS"].contains { upper.hasPrefix($0) }
            || name.hasSuffix(".md")
    }

    /// Every folder below `folder`, relative to it, for an asset catalog's plan.
    static func folders(below folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path + "/"
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var out: [String] = []
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
            out.append(String(url.standardizedFileURL.path.dropFirst(base.count)))
        }
        return out.sorted()
    }
}
