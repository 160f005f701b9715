import Foundation

/// Writes the ported package's files under its root: sources under `Sources/MODULE/`,
/// resources under `Resources/`, the rest where PackageFiles puts them. A path that would
/// leave the root (`..`, absolute) is refused, whatever the extension's folder held.
struct PackageWriter {
    let root: URL
    let module: String

    func source(_ relative: String, _ text: String) throws(ExtensionPort.Failure) {
        try self.write(Data(text.utf8), to: "Sources/\(self.module)/" + relative)
    }

    func source(_ relative: String, _ data: Data) throws(ExtensionPort.Failure) {
        try self.write(data, to: "Sources/\(self.module)/" + relative)
    }

    func file(_ relative: String, _ text: String) throws(ExtensionPort.Failure) {
        try self.write(Data(text.utf8), to: relative)
    }

    /// Copies a file, or a whole folder (an asset set), to `Resources/relative`.
    func resource(_ relative: String, from source: URL) throws(ExtensionPort.Failure) {
        let target = try self.place("Resources/" + relative)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw ExtensionPort.Failure(
                description: "cannot copy \(source.path) to \(target.path): \(error.localizedDescription)")
        }
    }

    private func write(_ data: Data, to relative: String) throws(ExtensionPort.Failure) {
        let target = try self.place(relative)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        } catch {
            throw ExtensionPort.Failure(description: "cannot write \(target.path): \(error.localizedDescription)")
        }
    }

    private func place(_ relative: String) throws(ExtensionPort.Failure) -> URL {
        guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
            throw ExtensionPort.Failure(description: "\(relative) would be outside the package")
        }
        return self.root.appendingPathComponent(relative)
    }
}
