import Foundation
import Hummingbird
import MsgHostControl
import MsgHostProtocol

/// The page's downloads of the last recording (docs/RECORDING.md): the session file, and the
/// pytest module `msghostctl export-test --python` writes of it. Both read the recording
/// through the control API (`recording`, page by page), as msghostctl does.
extension WebServer {
    static func addRecordingRoutes(to router: Router<BasicRequestContext>, link: DaemonLink, timeout: Duration) {
        router.get("/api/recording/session.jsonl") { _, _ in
            switch await Self.recordedLines(link, timeout: timeout) {
            case .failure(let failure): return failure.response
            case .success(let lines):
                return Self.download(
                    lines.map { $0 + "\n" }.joined(), type: "application/x-ndjson", name: "session.jsonl")
            }
        }
        router.get("/api/recording/test.py") { _, _ in
            switch await Self.recordedLines(link, timeout: timeout) {
            case .failure(let failure): return failure.response
            case .success(let lines):
                do {
                    let session = try SessionReader.read(Array(lines.map { $0 + "\n" }.joined().utf8))
                    let module = PythonTestWriter.write(TestPlan(session, name: "session", source: "session.jsonl"))
                    return Self.download(module, type: "text/x-python; charset=utf-8", name: "test_session.py")
                } catch {
                    return Self.error(.badGateway, "the daemon's recording is not a session: \(error)")
                }
            }
        }
    }

    /// Every line of the last recording that stopped, or the response that says why not.
    static func recordedLines(_ link: DaemonLink, timeout: Duration) async -> Result<[String], ResponseFailure> {
        var lines: [String] = []
        do {
            while true {
                let reply = try await link.request(
                    "recording", body: WireJSON.encode(RecordingLinesRequest(from: lines.count)), timeout: timeout)
                guard reply.ok else { return .failure(ResponseFailure(Self.json(.notFound, reply.body))) }
                let page = try WireJSON.decode(RecordingLinesResult.self, from: reply.body)
                lines += page.lines
                if !page.more || page.lines.isEmpty { return .success(lines) }
            }
        } catch {
            return .failure(ResponseFailure(Self.error(.badGateway, "\(error)")))
        }
    }

    /// A response carried as an error, for `Result`.
    struct ResponseFailure: Error {
        var response: Response
        init(_ response: Response) { self.response = response }
    }

    static func download(_ text: String, type: String, name: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
