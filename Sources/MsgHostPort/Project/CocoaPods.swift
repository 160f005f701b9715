import Foundation

/// The CocoaPods an extension target links, read from what `pod install` leaves beside the
/// project (CocoaPods itself is Ruby and a Mac's; its output is plain files):
///
/// - `Pods/Target Support Files/Pods-TARGET/Pods-TARGET.debug.xcconfig`: what the target links,
///   `OTHER_LDFLAGS`'s `-framework "X"` (with `use_frameworks!`) or `-l"X"` (without);
/// - `Pods/Target Support Files/POD/POD.xcconfig`: where the pod's files are
///   (`PODS_TARGET_SRCROOT`, `Pods/POD` by default), and its module (`PRODUCT_MODULE_NAME`,
///   else the modulemap's `framework module X`, else the pod's name).
///
/// Each pod becomes a library target of the ported package, its sources rewritten as the
/// app's. A Podfile whose pods are not in `Pods/` is reported: there is nothing to port.
public struct CocoaPods: Sendable {
    public struct Pod: Equatable, Sendable {
        /// The pod's name, its folder in Target Support Files.
        public var name: String
        /// The Swift module the app imports.
        public var module: String
        /// Its files, relative to the project's folder (`Pods/NAME`).
        public var folder: String
        /// The modules of msghost its umbrella header imports (`#import <UIKit/UIKit.h>`):
        /// on iOS every Swift file of the framework sees them without an import of its own.
        public var umbrellaImports: [String] = []

        /// The pod's own file in its target: the umbrella's modules exported (as the framework's
        /// Clang module exports them, to its files and to the app), and a registration of its
        /// compiled xibs and storyboards that the app's main.swift calls (the plugin's
        /// `CompiledStoryboards` is internal to each module, and a pod's module name is often
        /// shadowed by its main class's, `EPCalendarPicker`, so the call goes through a type of
        /// its own name).
        public func moduleFile(registers: Bool) -> String {
            var text = "// Written by msghost port for the pod \(self.name).\n"
            text += self.umbrellaImports.map { "@_exported import \($0)\n" }.joined()
            if registers {
                text += """
                    import MessagesSDK

                    public enum \(self.module)Pod {
                        @MainActor public static func registerStoryboards() { CompiledStoryboards.register() }
                    }

                    """
            }
            return text
        }
    }

    public var pods: [Pod] = []
    public var report: [PortReport.Entry] = []

    /// The pods the target `target` links; `read` gives a file of the project's folder by its
    /// relative path, nil when there is none.
    public init(target: String, read: (String) -> Data?) {
        let support = "Pods/Target Support Files"
        let aggregate = "\(support)/Pods-\(target)/Pods-\(target)"
        guard
            let config = read(aggregate + ".debug.xcconfig") ?? read(aggregate + ".release.xcconfig")
                ?? read(aggregate + ".xcconfig")
        else {
            if read("Podfile") != nil || read("Podfile.lock") != nil {
                self.report.append(
                    PortReport.Entry(
                        file: "Podfile", line: 0, kind: .couldNotPort, before: "Podfile", after: "Podfile",
                        why:
                            "the Podfile's pods for \(target) are not installed in Pods/ (no \(aggregate).debug.xcconfig): run `pod install` on a Mac and port again, or port what the app uses of them by hand"
                    ))
            }
            return
        }
        for framework in Self.linked(Self.settings(config)["OTHER_LDFLAGS"] ?? "") {
            // A system framework (UIKit) has no folder of its own here.
            guard let podConfig = read("\(support)/\(framework)/\(framework).xcconfig") else { continue }
            let settings = Self.settings(podConfig)
            let root =
                settings["PODS_TARGET_SRCROOT"].map {
                    $0.replacingOccurrences(of: "${PODS_ROOT}", with: "Pods").replacingOccurrences(
                        of: "$(PODS_ROOT)", with: "Pods")
                } ?? "Pods/\(framework)"
            guard !root.contains("$"), !root.hasPrefix("/"), !root.split(separator: "/").contains("..") else {
                self.report.append(
                    PortReport.Entry(
                        file: "\(support)/\(framework)/\(framework).xcconfig", line: 0, kind: .couldNotPort,
                        before: root, after: root,
                        why: "the pod's sources are outside Pods/ (a :path pod): port them as part of the app"))
                continue
            }
            let modulemap = read("\(support)/\(framework)/\(framework).modulemap").flatMap {
                String(data: $0, encoding: .utf8)
            }
            let module =
                settings["PRODUCT_MODULE_NAME"] ?? modulemap.flatMap(Self.moduleName) ?? PortNames.moduleName(framework)
            let umbrella =
                read("\(support)/\(framework)/\(framework)-umbrella.h").map { String(decoding: $0, as: UTF8.self) }
                ?? ""
            let imports = ["Foundation", "UIKit", "QuartzCore", "CoreGraphics", "SpriteKit", "Messages"].filter {
                umbrella.contains("#import <\($0)/\($0).h>") || umbrella.contains("@import \($0);")
            }
            self.pods.append(Pod(name: framework, module: module, folder: root, umbrellaImports: imports))
        }
    }

    /// An xcconfig's `KEY = value` lines (comments and includes skipped; a key set twice: the last).
    static func settings(_ data: Data) -> [String: String] {
        var out: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let text = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.hasPrefix("#") else { continue }
            out[key] = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return out
    }

    /// The libraries `OTHER_LDFLAGS` links: `-framework "X"`, `-framework X`, `-l"X"`, `-lX`.
    static func linked(_ flags: String) -> [String] {
        let words = Self.words(flags)
        var out: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-framework", index + 1 < words.count {
                out.append(words[index + 1])
                index += 2
                continue
            }
            if word.hasPrefix("-l"), word.count > 2 { out.append(String(word.dropFirst(2))) }
            index += 1
        }
        return out
    }

    /// Words as a shell splits them: quotes group and are taken off (`-l"X"` is `-lX`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// `framework module X {` → X.
    static func moduleName(_ modulemap: String) -> String? {
        let words = modulemap.split(whereSeparator: \.isWhitespace)
        guard let at = words.firstIndex(of: "module"), at + 1 < words.count else { return nil }
        let name = String(words[at + 1])
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !name.isEmpty ? name : nil
    }
}
