import Foundation

/// PORT-REPORT.md: what the port did and what is left, for the person who carries on by hand.
/// It opens with the counts and the steps to build and test, then lists what could not be
/// ported (the work left), the behaviour notes, and every rewrite, each with its file and line.
struct PortReportDocument {
    let module: String
    let input: String
    let info: ExtensionInfo
    let entries: [PortReport.Entry]

    var markdown: String {
        let left = self.entries.filter { $0.kind == .couldNotPort }
        let notes = self.entries.filter { $0.kind == .note }
        let rewrites = self.entries.filter { $0.kind == .rewrite }
        var out = """
            # \(self.info.displayName), ported by msghost port

            From `\(self.input)`: the package \(self.module) (bundle id `\(self.info.bundleID)`).
            \(rewrites.count) rewrites, \(notes.count) notes, \(left.count) things left to port by hand.

            Build and test (the first build also builds MessagesSDK):

                swift build && swift build --product msghostd && swift test

            Run it under a daemon, with the world in msghost/world.yaml:

                .build/debug/msghostd --config msghost/msghostd.yaml --state-directory .msghost/state --runtime-directory .msghost/run


            """
        out += Self.section("Left to port by hand", left, empty: "Nothing: every file was ported.")
        out += Self.section("Notes: builds, but check the behaviour", notes, empty: "None.")
        out += Self.section("Rewrites", rewrites, empty: "None.")
        return out
    }

    static func section(_ title: String, _ entries: [PortReport.Entry], empty: String) -> String {
        guard !entries.isEmpty else { return "## \(title)\n\n\(empty)\n\n" }
        let lines = PortReport.text(of: entries).split(separator: "\n").map {
            "- `" + $0.replacingOccurrences(of: "`", with: "'") + "`"
        }
        return "## \(title)\n\n" + lines.joined(separator: "\n") + "\n\n"
    }
}
