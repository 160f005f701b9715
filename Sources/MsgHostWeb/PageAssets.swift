import Foundation
import HTTPTypes
import Hummingbird

/// The page's files (Sources/MsgHostWeb/Public), read once at start and served from memory.
/// A fixed set, looked up by name, so no request path ever reaches the file system.
public struct PageAssets: Sendable {
    private let files: [String: (type: String, bytes: [UInt8])]

    /// Loads every file of the page from the module's resources.
    public static func bundled() throws -> PageAssets {
        guard let directory = Bundle.module.url(forResource: "Public", withExtension: nil) else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey: "msghost-web's page (the Public resources) is missing from its bundle"
                ])
        }
        var files: [String: (String, [UInt8])] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            files[name] = (Self.contentType(name), Array(data))
        }
        return PageAssets(files: files)
    }

    init(files: [String: (type: String, bytes: [UInt8])]) {
        self.files = files
    }

    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

    static func contentType(_ name: String) -> String {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }

    /// The file `name`, or 404. No page file sends a referrer: the page's URL may hold its
    /// token until the page takes it out.
    func response(for name: String, status: HTTPResponse.Status = .ok) -> Response {
        guard let file = self.files[name] else { return Response(status: .notFound) }
        var headers = HTTPFields()
        headers[.contentType] = file.type
        headers[.cacheControl] = "no-cache"
        headers[Self.referrerPolicy] = "no-referrer"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
