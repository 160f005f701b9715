import Foundation
import MsgHostStoryboard

/// `msghost-port PATH`: an iOS Messages extension's folder (or an `.xcodeproj` and its
/// extension target) written out as a Swift package that builds against MessagesSDK
/// (PackageFiles.swift lists the files). The original folder is only read. Everything done
/// and everything left to do is in the report, which the command prints and writes as
/// PORT-REPORT.md.
public struct ExtensionPort: Sendable {
    public struct Options: Sendable {
        /// An extension's folder, or an `.xcodeproj`.
        public var input: URL
        /// The extension target of an `.xcodeproj` (none: its one Messages extension).
        public var target: String?
        /// Where the package goes (none: beside the input, NAME-msghost).
        public var output: URL?
        /// The msghost checkout the package depends on.
        public var msghost: String
        /// Build settings for Info.plist's `$(NAME)`s, over the project's.
        public var settings: [String: String]
        /// Whether an existing output folder may be written over (its files replaced).
        public var overwrite: Bool

        public init(
            input: URL, target: String? = nil, output: URL? = nil, msghost: String, settings: [String: String] = [:],
            overwrite: Bool = false
        ) {
            self.input = input
            self.target = target
            self.output = output
            self.msghost = msghost
            self.settings = settings
            self.overwrite = overwrite
        }
    }

    public struct Result: Sendable {
        public var output: URL
        public var module: String
        public var info: ExtensionInfo
        public var report: [PortReport.Entry]
    }

    /// Why the port could not be made at all (what it can make with gaps is in the report).
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    public static func run(_ options: Options) throws(Failure) -> Result {
        let source = try Self.locate(options)
        let inventory = try ExtensionInventory(folder: source.folder)
        guard let plist = inventory.infoPlist else {
            throw Failure(description: "\(source.folder.path) has no Info.plist: it is not an app extension's folder")
        }
        let info: ExtensionInfo
        do {
            info = try ExtensionInfo(
                plist: try Self.read(source.folder.appendingPathComponent(plist)),
                settings: source.settings, fallbackBundleID: "com.example." + source.module.lowercased())
        } catch {
            throw Failure(description: "\(plist): \(error)")
        }
        let output =
            options.output
            ?? source.folder.deletingLastPathComponent().appendingPathComponent(
                source.folder.lastPathComponent + "-msghost")
        try Self.prepare(output, input: source.folder, overwrite: options.overwrite)

        let pods = CocoaPods(target: source.target) { path in
            try? Data(contentsOf: source.project.appendingPathComponent(path))
        }
        let modules = Set(pods.pods.map(\.module))
        let writer = PackageWriter(root: output, module: source.module)
        var report: [PortReport.Entry] = inventory.report + pods.report
        report += try Self.port(inventory, from: source.folder, into: writer, modules: modules)
        var libraries: [PackageFiles.Library] = []
        for pod in pods.pods {
            let folder = source.project.appendingPathComponent(pod.folder)
            let podInventory = try ExtensionInventory(folder: folder, documents: false)
            let podWriter = PackageWriter(root: output, module: pod.module)
            report += try Self.port(
                podInventory, from: folder, into: podWriter, modules: modules, prefix: pod.folder + "/")
            try podWriter.source(
                "\(pod.module)Pod.swift", pod.moduleFile(registers: !podInventory.interfaceFiles.isEmpty))
            libraries.append(
                PackageFiles.Library(module: pod.module, hasInterfaceFiles: !podInventory.interfaceFiles.isEmpty))
            report.append(
                PortReport.Entry(
                    file: pod.folder, line: 0, kind: .rewrite, before: "pod '\(pod.name)'",
                    after: "Sources/\(pod.module)",
                    why:
                        "CocoaPods builds the pod as a framework the app links; here it is a library target of the package, its sources ported as the app's"
                ))
        }
        if !inventory.swiftFiles.contains(where: { ($0 as NSString).lastPathComponent == "main.swift" }) {
            let principal: MainSwift.Principal =
                switch info.entry {
                case .principalClass(let name): .principalClass(name)
                case .mainStoryboard(let name): .storyboard(name)
                }
            guard
                let main = MainSwift.text(
                    for: principal, appStoryboards: !inventory.interfaceFiles.isEmpty,
                    pods: libraries.filter(\.hasInterfaceFiles).map(\.module))
            else {
                throw Failure(description: "\(plist): \(Self.describe(info.entry)) is not a Swift class name")
            }
            try writer.source("main.swift", main)
            report.append(
                PortReport.Entry(
                    file: "main.swift", line: 1, kind: .rewrite, before: Self.describe(info.entry), after: "main.swift",
                    why: "Linux has no Info.plist to start the extension from: main.swift starts it"))
        }
        let files = PackageFiles(
            module: source.module, info: info, msghost: options.msghost,
            hasInterfaceFiles: !inventory.interfaceFiles.isEmpty, libraries: libraries)
        try writer.file("Package.swift", files.packageSwift)
        try writer.file("msghost/msghostd.yaml", files.daemonYAML)
        try writer.file("msghost/apps/\(info.bundleID).yaml", files.manifestYAML)
        try writer.file("msghost/world.yaml", files.worldYAML)
        try writer.file("Tests/\(source.module)Tests/FirstScreenTests.swift", files.firstScreenTest)
        try writer.file(".gitignore", ".build/\n.msghost/\nPackage.resolved\n")
        try writer.file(
            "PORT-REPORT.md",
            PortReportDocument(module: source.module, input: source.folder.path, info: info, entries: report).markdown)
        return Result(output: output, module: source.module, info: info, report: report)
    }

    /// One folder's files into the package: Swift sources rewritten, storyboards and xibs
    /// beside them for the plugin (and compiled now, for the report), asset catalogs planned
    /// set by set and the other files copied as resources. `prefix` goes before the report's
    /// paths (a pod's folder).
    static func port(
        _ inventory: ExtensionInventory, from folder: URL, into writer: PackageWriter, modules: Set<String>,
        prefix: String = ""
    ) throws(Failure) -> [PortReport.Entry] {
        var report: [PortReport.Entry] =
            prefix.isEmpty
            ? []
            : inventory.report.map { entry in
                var entry = entry
                entry.file = prefix + entry.file
                return entry
            }
        for file in inventory.swiftFiles {
            let text = try Self.text(folder.appendingPathComponent(file))
            let ported = SourcePort.rewrite(source: text, fileName: prefix + file, modules: modules)
            report += ported.report
            try writer.source(file, ported.text)
        }
        var interfaces: [(data: Data, path: String)] = []
        for file in inventory.interfaceFiles {
            // Out of Base.lproj: SwiftPM takes an .lproj folder for localized resources, and
            // these are sources of the plugin.
            let place = file.split(separator: "/").filter { $0 != "Base.lproj" }.joined(separator: "/")
            let data = try Self.read(folder.appendingPathComponent(file))
            try writer.source(place, data)
            interfaces.append((data, prefix + file))
        }
        // What the plugin will say at each build, said now: an error stops the build there.
        if !interfaces.isEmpty {
            report += StoryboardCompiler.compile(interfaces).diagnostics.map { diagnostic in
                PortReport.Entry(
                    file: diagnostic.path, line: diagnostic.line,
                    kind: diagnostic.severity == .error ? .couldNotPort : .note,
                    before: "", after: "",
                    why: diagnostic.message
                        + (diagnostic.severity == .error
                            ? " (the MessagesStoryboards plugin stops the build here: fix the file)" : ""))
            }
        }
        for catalog in inventory.catalogs {
            let catalogFolder = folder.appendingPathComponent(catalog)
            let plan = AssetCatalogPlan(
                catalog: prefix + catalog, folders: ExtensionInventory.folders(below: catalogFolder)
            ) { path in
                try? Data(
                    contentsOf: catalogFolder.appendingPathComponent(path).appendingPathComponent("Contents.json"))
            } exists: { path in
                FileManager.default.fileExists(atPath: catalogFolder.appendingPathComponent(path).path)
            }
            report += plan.report
            for copy in plan.copies {
                try writer.resource(copy.destination, from: catalogFolder.appendingPathComponent(copy.source))
            }
        }
        for file in inventory.resourceFiles {
            try writer.resource((file as NSString).lastPathComponent, from: folder.appendingPathComponent(file))
        }
        return report
    }

    /// The extension's folder, its module name, the build settings for its Info.plist, and the
    /// project's folder and target name, where CocoaPods' files are (for a folder: its parent
    /// and its name).
    static func locate(_ options: Options) throws(Failure) -> (
        folder: URL, module: String, settings: [String: String], project: URL, target: String
    ) {
        let input = options.input.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw Failure(description: "\(input.path) is not a folder (give an extension's folder or an .xcodeproj)")
        }
        guard input.pathExtension == "xcodeproj" else {
            if options.target != nil {
                throw Failure(
                    description: "--target names a target of an .xcodeproj; \(input.lastPathComponent) is a folder")
            }
            let module = PortNames.moduleName(input.lastPathComponent)
            var settings = [
                "PRODUCT_NAME": input.lastPathComponent, "PRODUCT_MODULE_NAME": module,
                "EXECUTABLE_NAME": input.lastPathComponent,
                "TARGET_NAME": input.lastPathComponent, "DEVELOPMENT_LANGUAGE": "en",
            ]
            settings.merge(options.settings) { $1 }
            return (input, module, settings, input.deletingLastPathComponent(), input.lastPathComponent)
        }
        do {
            let project = try XcodeProject(pbxproj: try Self.read(input.appendingPathComponent("project.pbxproj")))
            let target = try project.target(named: options.target)
            let settings = target.expansionSettings.merging(options.settings) { $1 }
            let folder = input.deletingLastPathComponent().appendingPathComponent(target.folder, isDirectory: true)
            return (
                folder, settings["PRODUCT_MODULE_NAME"] ?? PortNames.moduleName(target.name), settings,
                input.deletingLastPathComponent(), target.name
            )
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(input.lastPathComponent): \(error)")
        }
    }

    /// The output folder, made; an existing one only with `overwrite`, and never the input or inside it.
    static func prepare(_ output: URL, input: URL, overwrite: Bool) throws(Failure) {
        let path = output.standardizedFileURL.path
        let inputPath = input.standardizedFileURL.path
        guard path != inputPath, !path.hasPrefix(inputPath + "/"), !inputPath.hasPrefix(path + "/") else {
            throw Failure(
                description:
                    "the output \(path) would be in the original folder or hold it: the port never changes the original"
            )
        }
        if FileManager.default.fileExists(atPath: path) {
            guard overwrite else {
                throw Failure(description: "\(path) already exists (give --overwrite to write over it)")
            }
            try? FileManager.default.removeItem(atPath: path + "/Sources")
            try? FileManager.default.removeItem(atPath: path + "/Resources")
        }
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot make \(path): \(error.localizedDescription)")
        }
    }

    static func describe(_ entry: ExtensionInfo.Entry) -> String {
        switch entry {
        case .principalClass(let name): "NSExtensionPrincipalClass \(name)"
        case .mainStoryboard(let name): "NSExtensionMainStoryboard \(name)"
        }
    }

    static func read(_ url: URL) throws(Failure) -> Data {
        do { return try Data(contentsOf: url) } catch {
            throw Failure(description: "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    static func text(_ url: URL) throws(Failure) -> String {
        let data = try Self.read(url)
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(description: "\(url.path) is not UTF-8 text")
        }
        return text
    }
}
