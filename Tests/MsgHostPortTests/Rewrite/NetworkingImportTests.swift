import MsgHostPort
import Testing

/// A file that uses URLSession imports FoundationNetworking; one that does not, or already
/// does, is left.
@Suite struct NetworkingImportTests {
    @Test func aFileThatUsesURLSessionImportsFoundationNetworking() {
        let source = """
            import UIKit
            import SpriteKit

            func fetch(_ request: URLRequest) {
                URLSession.shared.dataTask(with: request) { _, _, _ in }.resume()
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                import UIKit
                import SpriteKit
                import FoundationNetworking

                func fetch(_ request: URLRequest) {
                    URLSession.shared.dataTask(with: request) { _, _, _ in }.resume()
                }
                """)
        #expect(Porting.entries(ported.report) == [.rewrite(4, "URLRequest", "import FoundationNetworking")])
        let bare = Porting.port("let session = URLSession.shared\n")
        #expect(bare.text == "import FoundationNetworking\nlet session = URLSession.shared\n")
    }

    @Test func otherFilesAreLeft() {
        for source in [
            "import UIKit\nlet url = URL(string: \"a\")\n",
            "import Foundation\nimport FoundationNetworking\nlet s = URLSession.shared\n",
        ] {
            let ported = Porting.port(source)
            #expect(ported.text == source && ported.report.isEmpty)
        }
    }
}
