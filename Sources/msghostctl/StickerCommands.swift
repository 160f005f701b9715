import ArgumentParser
import Foundation
import MsgHostControl
import MsgHostProtocol

/// `msghostctl stickers DEVICE`: the user opens the sticker drawer over the app open on a
/// device; the daemon asks the app for its stickers (PROTOCOL.md §4.11) and lists what it
/// shows, one a line, and what it left out and why.
struct Stickers: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the sticker drawer of the app open on a device and list its stickers.")
    @Argument(help: "The device.") var device: String
    @OptionGroup var connection: Connection

    func run() throws {
        try self.connection.call(.stickers, StickersRequest(device: self.device), as: StickerDrawerResult.self) {
            Self.describe($0, device: self.device)
        }
    }

    static func describe(_ result: StickerDrawerResult, device: String) -> String {
        var lines = [
            "\(result.app) on \(device): \(result.stickers.count) sticker\(result.stickers.count == 1 ? "" : "s")"
        ]
        lines += result.stickers.map {
            "  \($0.index)  \($0.localizedDescription.isEmpty ? "(no description)" : $0.localizedDescription)  \($0.file.filename), \($0.file.byteCount) bytes"
        }
        lines += result.rejected.map {
            "  \($0.index)  left out: \($0.error.name) (\($0.error.domain) \($0.error.code)): \($0.error.description)"
        }
        return lines.joined(separator: "\n")
    }
}

/// `msghostctl sticker DEVICE INDEX [--onto ENTRY]`: the user picks a sticker from the drawer
/// (`stickers` first): tapped into the input field, or peeled onto a bubble, which sends it.
struct ChooseSticker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sticker",
        abstract:
            "Tap a sticker of the open drawer into the input field, or peel it onto a bubble (--onto), which sends it.")
    @Argument(help: "The device.") var device: String
    @Argument(help: "The sticker's index (see `msghostctl stickers`).") var index: Int
    @Option(help: "Peel it onto this transcript entry (an entry id from `msghostctl transcript`).") var onto: Int?
    @OptionGroup var connection: Connection

    func run() throws {
        let request = ChooseStickerRequest(device: self.device, sticker: self.index, onto: self.onto)
        try self.connection.call(.chooseSticker, request, as: ChooseStickerResult.self, causes: true) { result in
            if let onto = self.onto, let id = result.messageID {
                return "peeled sticker \(self.index) onto entry \(onto) on \(self.device): sent as \(id)"
            }
            return "sticker \(self.index) is in the input field on \(self.device) (Send sends it: `msghostctl send`)"
        }
    }
}
