import Foundation

/// The ice creams this person finished, newest first, as Apple's sample keeps them
/// (`IceCreamHistory`, there in `UserDefaults`): here a file of their URLs in the install's
/// container (`applicationSupportDirectory`, which msghostd gives each install), so it outlives
/// the extension, which Messages terminates whenever it is idle.
struct IceCreamHistory {
    static let limit = 30

    private(set) var iceCreams: [IceCream]

    static var file: URL? {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first?.appendingPathComponent(
            "IceCreamHistory.json")
    }

    /// What was saved; nothing if the file is missing or not what `save` writes.
    static func load() -> IceCreamHistory {
        guard let file = Self.file, let data = try? Data(contentsOf: file),
            let urls = try? JSONDecoder().decode([String].self, from: data)
        else { return IceCreamHistory(iceCreams: []) }
        let iceCreams = urls.prefix(Self.limit).compactMap {
            URLComponents(string: $0)?.queryItems.flatMap(IceCream.init(queryItems:))
        }
        return IceCreamHistory(iceCreams: iceCreams)
    }

    mutating func append(_ iceCream: IceCream) {
        self.iceCreams.removeAll { $0 == iceCream }
        self.iceCreams.insert(iceCream, at: 0)
        self.iceCreams = Array(self.iceCreams.prefix(Self.limit))
    }

    func save() {
        guard let file = Self.file else { return }
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(self.iceCreams.map(\.url.absoluteString)).write(to: file, options: .atomic)
        } catch {
            print("Failed to save the history: \(error)")
        }
    }
}
