import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of the XML as read, with the line it starts on, for the reader and its
/// diagnostics. Text content is kept for the few elements that hold it (`<string>`).
struct XMLElement {
    let name: String
    let attributes: [String: String]
    let line: Int
    var children: [XMLElement] = []
    var text = ""

    func child(_ name: String, key: String? = nil) -> XMLElement? {
        self.children.first { $0.name == name && (key == nil || $0.attributes["key"] == key) }
    }

    func children(_ name: String) -> [XMLElement] { self.children.filter { $0.name == name } }
}

/// Reads XML into `XMLElement`s with Foundation's `XMLParser`. A file that is not well-formed
/// XML is an error at the line the parser stopped on.
enum XMLTreeReader {
    struct Failure: Error {
        let line: Int
        let message: String
    }

    static func read(_ data: Data) -> Result<XMLElement, Failure> {
        let parser = XMLParser(data: data)
        let builder = Builder(parser: parser)
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure { return .failure(failure) }
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "no root element"
            return .failure(Failure(line: max(1, parser.lineNumber), message: "not XML: \(reason)"))
        }
        return .success(root)
    }

    private final class Builder: NSObject, XMLParserDelegate {
        private unowned let parser: XMLParser
        private var stack: [XMLElement] = []
        var root: XMLElement?
        var failure: Failure?

        init(parser: XMLParser) { self.parser = parser }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            self.stack.append(XMLElement(name: name, attributes: attributes, line: max(1, parser.lineNumber)))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !self.stack.isEmpty else { return }
            self.stack[self.stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = self.stack.popLast() else { return }
            if self.stack.isEmpty {
                self.root = element
            } else {
                self.stack[self.stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
            guard self.failure == nil else { return }
            self.failure = Failure(line: max(1, parser.lineNumber), message: "not XML: \(error.localizedDescription)")
        }
    }
}
