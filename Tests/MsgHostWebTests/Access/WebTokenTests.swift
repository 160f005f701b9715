import MsgHostWeb
import Testing

/// The token and the Host names, as values: what is made, what is accepted, what matches.
@Suite struct WebTokenTests {
    @Test func aMadeTokenIs256BitsOfHexAndNeverTheSameTwice() {
        let tokens = (0..<100).map { _ in WebToken.random().value }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func aTokenMatchesOnlyItself() throws {
        let token = try WebToken("given-token-0123456789", source: "test")
        #expect(token.matches("given-token-0123456789"))
        for other in [
            "", "given-token-012345678", "given-token-01234567890", "Given-token-0123456789", "given-token-0123456788",
        ] {
            #expect(!token.matches(other), "\(other)")
        }
    }

    @Test func aGivenTokenIsRangeChecked() {
        for (text, message) in [
            ("short", "16 to 256 characters"), (String(repeating: "a", count: 257), "16 to 256"),
            ("spaces are not allowed!", "may hold only"), ("semi;colon-0123456789", "may hold only"),
        ] {
            #expect(throws: WebTokenError.self, "\(text)") { try WebToken(text, source: "--token") }
            do {
                _ = try WebToken(text, source: "--token")
            } catch {
                #expect(
                    error.description.hasPrefix("--token: ") && error.description.contains(message),
                    "\(error.description)")
            }
        }
    }

    @Test func hostValuesSplitIntoNameAndPort() {
        #expect(WebAccess.split("LocalHost:8080")! == ("localhost", 8080))
        #expect(WebAccess.split("[::1]:80")! == ("[::1]", 80))
        #expect(WebAccess.split("example.com")! == ("example.com", nil))
        for bad in ["", ":80", "a:b", "a:", "a:123456", "a:70000", "[::1", "[::1]x", "a:80:80", "a: 80"] {
            #expect(WebAccess.split(bad) == nil, "\(bad)")
        }
        #expect(WebAccess.allowedHost("Msghost.Test") == "msghost.test")
        #expect(WebAccess.allowedHost("[fd00::1]:9000") == "[fd00::1]:9000")
        for bad in ["evil example", "a..b", "-", "x_y.test", "[zz]", "a.b:0x10"] {
            #expect(WebAccess.allowedHost(bad) == nil, "\(bad)")
        }
    }
}
