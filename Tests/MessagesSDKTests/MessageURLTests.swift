import Foundation
import Testing

@testable import MessagesSDK

/// `MSMessage.url` takes what Messages takes: a URL without a scheme (what `URLComponents`
/// makes in Apple's samples), http, https and data URLs; another scheme is not taken and the
/// old URL stays.
@MainActor @Suite struct MessageURLTests {
    @Test func theSetterKeepsWhatMessagesKeeps() throws {
        let message = MSMessage()
        var components = URLComponents()
        components.queryItems = [URLQueryItem(name: "base", value: "cone")]
        message.url = components.url
        #expect(message.url?.absoluteString == "?base=cone")
        message.url = URL(string: "https://icecream.example/?base=cup")
        #expect(message.url?.absoluteString == "https://icecream.example/?base=cup")
        message.url = URL(string: "myapp://open?x=1")
        #expect(message.url?.absoluteString == "https://icecream.example/?base=cup", "another scheme is not taken")
        message.url = URL(string: "data:,hello")
        #expect(message.url?.scheme == "data")
        message.url = nil
        #expect(message.url == nil)
    }
}
