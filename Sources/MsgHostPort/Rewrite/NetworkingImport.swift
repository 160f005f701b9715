import SwiftSyntax
import SwiftSyntaxBuilder

/// `import FoundationNetworking` added to a file that uses `URLSession` and its kin: on Apple's
/// platforms they are in Foundation, on Linux in FoundationNetworking, which `import
/// Foundation` (or `UIKit`) does not bring.
final class NetworkingImport: PortRewriter {
    static let names: Set<String> = [
        "URLSession", "URLSessionConfiguration", "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask",
        "URLSessionUploadTask", "URLSessionDelegate", "URLSessionDataDelegate", "URLRequest", "HTTPURLResponse",
        "URLResponse",
        "URLCache", "HTTPCookie", "HTTPCookieStorage", "URLCredential", "URLProtocol",
    ]

    override func visit(_ node: SourceFileSyntax) -> SourceFileSyntax {
        let uses = NetworkingUses(node)
        guard let first = uses.first, !uses.importsNetworking else { return node }
        let imports = node.statements.enumerated().filter { $0.element.item.is(ImportDeclSyntax.self) }
        // After the last import, on a line of its own; at the top in a file with none.
        let position = (imports.last?.offset).map { $0 + 1 } ?? 0
        var added = CodeBlockItemSyntax(item: .decl(DeclSyntax("import FoundationNetworking")))
        added.leadingTrivia = position == 0 ? [] : .newline
        if position == 0 { added.trailingTrivia = .newline }
        var statements = Array(node.statements)
        statements.insert(added, at: position)
        self.record(
            .rewrite, at: first, before: first.trimmedDescription, after: "import FoundationNetworking",
            why: "on Linux URLSession and its kin are in FoundationNetworking, which import Foundation does not bring")
        return node.with(\.statements, CodeBlockItemListSyntax(statements))
    }
}

/// The first use of a networking name in a file, and whether it imports FoundationNetworking.
private final class NetworkingUses: SyntaxVisitor {
    var first: Syntax?
    var importsNetworking = false

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        self.walk(tree)
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.path.first?.name.text == "FoundationNetworking" { self.importsNetworking = true }
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        self.note(node.baseName.text, Syntax(node))
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        self.note(node.name.text, Syntax(node))
        return .visitChildren
    }

    private func note(_ name: String, _ node: Syntax) {
        if self.first == nil, NetworkingImport.names.contains(name) { self.first = node }
    }
}
