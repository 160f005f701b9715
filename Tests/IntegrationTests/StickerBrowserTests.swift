import Foundation
import MsgHostControl
import MsgHostProtocol
import MsgHostTesting
import Testing

/// A sticker app written as on iOS (Tests/Fixtures/StickerApp: an `MSStickerBrowserViewController`
/// subclass as its data source, added as a child) under a real daemon: the browser draws the
/// data source's stickers, and one the user picks is inserted into the input field, then sent.
@Suite struct StickerBrowserTests {
    @Test func theBrowserShowsTheDataSourcesStickersAndAPickedOneIsInserted() throws {
        let fixture = NamedImageTests.fixture
        try TestDaemon.with(apps: [NamedImageTests.stickerApp(workingDirectory: fixture)]) { daemon in
            try daemon.open(NamedImageTests.app, on: "kate-iphone")
            try daemon.settle()
            // Large stickers, two a line: a row of images, then a row of their buttons.
            let elements = try #require(try daemon.view("kate-iphone").view?.elements)
            guard elements.count == 2, case .row(let images) = elements[0], case .row(let buttons) = elements[1] else {
                throw TestDaemonError(description: "not a browser grid: \(elements)")
            }
            #expect(
                buttons.map { element -> String? in if case .button(let id, _, _, _) = element { id } else { nil } }
                    == ["sticker-0", "sticker-1"])
            guard case .image(let cup, let label, let width, _) = images[1] else {
                throw TestDaemonError(description: "no image: \(images)")
            }
            #expect(label == "A cup" && width == 206)
            let cupFile = try Data(contentsOf: URL(fileURLWithPath: fixture + "/Resources/cup@2x.png"))
            let drawn = try Data(contentsOf: try #require(cup.url.flatMap(URL.init(string:))))
            #expect(drawn == cupFile)

            // Kate picks the cup: it waits in her input field (a tap inserts, as in Messages);
            // the app's own touch handler did not see it (nothing else was inserted).
            try daemon.activate("kate-iphone", button: "sticker-1")
            try daemon.settle()
            let conversation = daemon.conversation
            let staged = try daemon.control(
                .inputField, InputFieldRequest(device: "kate-iphone", conversation: conversation),
                as: InputFieldResult.self
            ).staged
            #expect(staged?.kind == "sticker")
            #expect(staged?.text == "A cup")
            try daemon.control(.send, InputFieldRequest(device: "kate-iphone", conversation: conversation))
            let received = try #require(try daemon.transcript("john-iphone").last)
            #expect(received.kind == "sticker" && received.text == "A cup")
            let sent = try Data(contentsOf: try #require(received.file.flatMap { URL(string: $0.url) }))
            #expect(sent == cupFile)

            // A button id that is no sticker of the browser is an ordinary touch for the app.
            try daemon.touch("kate-iphone", payload: .object(["image": .string("cone")]))
            try daemon.settle()
            let next = try daemon.control(
                .inputField, InputFieldRequest(device: "kate-iphone", conversation: conversation),
                as: InputFieldResult.self
            ).staged
            #expect(next?.rendered?.caption == "320×300")
        }
    }
}
