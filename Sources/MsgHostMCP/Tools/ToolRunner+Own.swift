import Foundation
import MCP
import MsgHostControl
import MsgHostProtocol

/// msghost-mcp's own tools: a device's screens, and the recording's file, replay and export.
extension ToolRunner {
    func own(_ spec: ToolSpec, _ arguments: [String: Value]) async throws -> CallTool.Result {
        switch spec.name {
        case "screen": return await self.screen(arguments)
        case "saveRecording": return await self.saveRecording(path: arguments["path"]?.stringValue ?? "")
        case "replay": return await self.replay(arguments)
        case "explore": return await self.explore(arguments)
        case "exportTest": return Self.exportTest(arguments)
        default: throw MCPError.internalError("\(spec.name) has no handler")
        }
    }

    /// The device's screens as text; with `images`, each image they show as image content
    /// after the text, in the order the text names them, each listed at the text's end.
    private func screen(_ arguments: [String: Value]) async -> CallTool.Result {
        let device = arguments["device"]?.stringValue ?? ""
        let identifiers = arguments["identifiers"]?.boolValue ?? false
        do {
            let world = try await self.link.request(.world, MsgHostProtocol.Empty(), as: WorldResult.self)
            guard world.devices.contains(where: { $0.id == device }) else {
                return Self.text(
                    "screen on \(device): refused: no device \(device) (world lists \(world.devices.map(\.id).joined(separator: ", ")))",
                    isError: true)
            }
            let conversations =
                arguments["conversation"]?.stringValue.map { [$0] }
                ?? ScreenReader.conversations(of: device, world: world)
            var parts: [String] = []
            var images: [ScreenImage] = []
            for conversation in conversations {
                let screen = await self.reader.screen(device: device, conversation: conversation, world: world)
                parts.append(ScreenText.render(screen, identifiers: identifiers))
                images += screen.images.filter { image in !images.contains { $0.url == image.url } }
            }
            guard !parts.isEmpty else { return Self.text("\(device) is in no conversation") }
            guard arguments["images"]?.boolValue == true else { return Self.text(parts.joined(separator: "\n\n")) }
            let list =
                images.isEmpty
                ? ["images: none shown"]
                : ["images, in the order of the image content below:"]
                    + images.enumerated().map { "  \($0.offset + 1). \($0.element.summary)" }
            let text = (parts + [list.joined(separator: "\n")]).joined(separator: "\n\n")
            return .init(
                content: [.text(text: text, annotations: nil, _meta: nil)]
                    + images.map { .image(data: $0.data, mimeType: $0.mimeType, annotations: nil, _meta: nil) })
        } catch {
            return Self.text("screen on \(device): \(Self.failure(error))", isError: true)
        }
    }

    private func saveRecording(path: String) async -> CallTool.Result {
        do {
            let lines = try await self.link.recordedSession()
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return Self.text("saveRecording: \(lines.count) lines written to \(path)")
        } catch {
            return Self.text("saveRecording to \(path): \(Self.failure(error))", isError: true)
        }
    }

    /// `msghostctl replay`, whose exit status is the answer: 0 no divergence, 1 the first
    /// divergence (an answer, not a failure of the tool), 2 the file cannot be played.
    private func replay(_ arguments: [String: Value]) async -> CallTool.Result {
        let file = arguments["file"]?.stringValue ?? ""
        var command = ["replay", file]
        if let until = arguments["until"]?.intValue { command += ["--until", String(until)] }
        if let apps = arguments["apps"]?.stringValue { command += ["--apps", apps] }
        guard let msghostctl = self.programs.msghostctl() else {
            return Self.text(
                "replay: no msghostctl found (pass --msghostctl to msghost-mcp, or set $MSGHOSTCTL)", isError: true)
        }
        do {
            let run = try await Programs.run(msghostctl, command)
            let verdict = ["no divergence", "a divergence", "the session cannot be played"][
                min(Int(max(run.status, 0)), 2)]
            let text =
                "replay \(file): exit \(run.status) (\(verdict))\n\(run.output)"
                + (run.errors.isEmpty ? "" : "\n\(run.errors)")
            return Self.text(text, isError: run.status != 0 && run.status != 1)
        } catch {
            return Self.text("replay \(file): \(msghostctl) could not run: \(error)", isError: true)
        }
    }

    /// `msghostctl explore` on a world file and apps folder: its report (exit 0 no finding, 1
    /// findings — answers, not failures of the tool — 2 the run could not start), and the
    /// session it wrote, whole when it is small (a shrunk run is).
    private func explore(_ arguments: [String: Value]) async -> CallTool.Result {
        guard let msghostctl = self.programs.msghostctl() else {
            return Self.text(
                "explore: no msghostctl found (pass --msghostctl to msghost-mcp, or set $MSGHOSTCTL)", isError: true)
        }
        let output =
            arguments["output"]?.stringValue
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "msghost-explore-\(UUID().uuidString.prefix(8)).jsonl"
            ).path
        var command = [
            "explore", "--world", arguments["world"]?.stringValue ?? "", "--apps", arguments["apps"]?.stringValue ?? "",
            "--output", output,
        ]
        if let seed = arguments["seed"]?.intValue { command += ["--seed", String(seed)] }
        if let steps = arguments["steps"]?.intValue { command += ["--steps", String(steps)] }
        for key in ["app", "weights", "invariants"] {
            if let value = arguments[key]?.stringValue { command += ["--\(key)", value] }
        }
        do {
            let run = try await Programs.run(msghostctl, command)
            var text =
                "explore: exit \(run.status) (\(["no finding", "findings", "the run could not start"][min(Int(max(run.status, 0)), 2)]))\n\(run.output)"
            if !run.errors.isEmpty { text += "\n\(run.errors)" }
            if run.status != 2, let data = FileManager.default.contents(atPath: output) {
                text +=
                    data.count <= 256 * 1024
                    ? "\n\nThe session (\(output); replay it with the replay tool, make it a test with exportTest):\n\(String(decoding: data, as: UTF8.self))"
                    : "\n\nThe session is \(output) (\(data.count) bytes): replay it with the replay tool, make it a test with exportTest."
            }
            return Self.text(text, isError: run.status == 2)
        } catch {
            return Self.text("explore: \(msghostctl) could not run: \(error)", isError: true)
        }
    }

    /// The session as a test, written by MsgHostControl's writers (those of `msghostctl export-test`).
    private static func exportTest(_ arguments: [String: Value]) -> CallTool.Result {
        let file = arguments["file"]?.stringValue ?? ""
        guard let data = FileManager.default.contents(atPath: file) else {
            return self.text("exportTest: cannot read \(file)", isError: true)
        }
        let text: String
        do {
            let session = try SessionReader.read(Array(data))
            let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let plan = TestPlan(
                session, name: arguments["name"]?.stringValue ?? stem,
                source: URL(fileURLWithPath: file).lastPathComponent)
            let directory = arguments["output"]?.stringValue.map {
                URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path
            }
            if let findings = session.end.findings, !findings.isEmpty {
                // An explorer's finding: a pytest test that it does not happen (docs/EXPLORE.md).
                guard arguments["language"]?.stringValue != "swift" else {
                    return self.text(
                        "exportTest: \(file): the session of an explorer's finding is written as a pytest test (language python); swift writes only recordings",
                        isError: true)
                }
                text = PythonFindingTestWriter.write(plan, findings: findings, directory: directory)
            } else {
                text =
                    arguments["language"]?.stringValue == "swift"
                    ? try SwiftTestWriter().write(plan) : PythonTestWriter.write(plan, directory: directory)
            }
        } catch let error as SessionError {
            return self.text("exportTest: \(file): \(error.description)", isError: true)
        } catch {
            return self.text("exportTest: \(file): \(error)", isError: true)
        }
        guard let output = arguments["output"]?.stringValue else { return self.text(text) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            return self.text("exportTest: \(output) written (\(text.split(separator: "\n").count) lines)")
        } catch {
            return self.text("exportTest: cannot write \(output): \(error.localizedDescription)", isError: true)
        }
    }

    static func failure(_ error: any Error) -> String {
        if let error = error as? WireError {
            return "refused: \(error.code) \(error.name) (\(error.domain)): \(error.description)"
        }
        if let error = error as? ControlClient.TransportError {
            return "the daemon did not answer: \(error.description)"
        }
        return "\(error)"
    }
}
