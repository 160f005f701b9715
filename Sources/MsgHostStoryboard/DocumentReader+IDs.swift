/// Ids: every object, constraint and connection has one, unique in the file, and every id a
/// connection, constraint or the document refers to is declared. A missing, repeated or
/// dangling id is an error naming the line.
extension DocumentReader {
    /// Declares the element's id; nil (an error) when it has none or repeats one.
    @discardableResult
    func declare(_ element: XMLElement) -> String? {
        guard let id = element.attributes["id"], !id.isEmpty else {
            self.diagnostics.error(element.line, "<\(element.name)> has no id")
            return nil
        }
        if let first = self.declared[id] {
            self.diagnostics.error(element.line, "<\(element.name)> repeats the id \"\(id)\" of line \(first)")
            return nil
        }
        self.declared[id] = element.line
        return id
    }

    func refer(_ id: String, _ line: Int, _ what: String) {
        self.references.append((id, line, what))
    }

    func checkReferences() {
        for reference in self.references where self.declared[reference.id] == nil {
            self.diagnostics.error(
                reference.line,
                "\(reference.what) refers to \"\(reference.id)\", which no object of the file has (a dangling id)")
        }
    }

    // MARK: Connections and constraints

    func readConnections(_ element: XMLElement, source: String) -> [Connection] {
        var connections: [Connection] = []
        for child in element.children {
            let kind: Connection.Kind
            let attributes = child.attributes
            switch child.name {
            case "outlet":
                kind = .outlet(property: attributes["property"] ?? "")
                self.checkAttributes(child, known: ["property", "destination", "id"])
            case "outletCollection":
                kind = .outletCollection(property: attributes["property"] ?? "")
                self.checkAttributes(child, known: ["property", "destination", "id", "collectionClass", "appends"])
            case "action":
                kind = .action(selector: attributes["selector"] ?? "", event: attributes["eventType"])
                self.checkAttributes(child, known: ["selector", "destination", "id", "eventType"])
            case "segue":
                kind = .segue(
                    kind: attributes["kind"] ?? "show", identifier: attributes["identifier"],
                    relationship: attributes["relationship"], presentation: attributes["modalPresentationStyle"])
                self.checkAttributes(
                    child,
                    known: [
                        "destination", "id", "kind", "identifier", "relationship", "modalPresentationStyle", "animates",
                        "modalTransitionStyle", "customClass", "customModule", "customModuleProvider",
                    ])
            default:
                self.unknown(child, in: "connections")
                continue
            }
            guard let id = self.declare(child) else { continue }
            guard let destination = attributes["destination"] else {
                self.diagnostics.error(child.line, "<\(child.name)> \(id) has no destination")
                continue
            }
            if case .outlet(let property) = kind, property.isEmpty {
                self.diagnostics.error(child.line, "<outlet> \(id) names no property")
                continue
            }
            if case .action(let selector, _) = kind, selector.isEmpty {
                self.diagnostics.error(child.line, "<action> \(id) names no selector")
                continue
            }
            self.refer(destination, child.line, "<\(child.name)> \(id)")
            connections.append(
                Connection(kind: kind, id: id, line: child.line, source: source, destination: destination))
        }
        return connections
    }

    func readConstraints(_ element: XMLElement) -> [Constraint] {
        var constraints: [Constraint] = []
        for child in element.children {
            guard child.name == "constraint" else {
                self.unknown(child, in: "constraints")
                continue
            }
            self.checkAttributes(
                child,
                known: [
                    "id", "firstItem", "firstAttribute", "secondItem", "secondAttribute", "relation", "constant",
                    "multiplier", "priority", "identifier", "symbolic",
                ])
            guard let id = self.declare(child) else { continue }
            let attributes = child.attributes
            guard let first = attributes["firstAttribute"] else {
                self.diagnostics.error(child.line, "<constraint> \(id) has no firstAttribute")
                continue
            }
            for item in [attributes["firstItem"], attributes["secondItem"]].compactMap({ $0 }) {
                self.refer(item, child.line, "<constraint> \(id)")
            }
            constraints.append(
                Constraint(
                    id: id, line: child.line, firstItem: attributes["firstItem"], firstAttribute: first,
                    secondItem: attributes["secondItem"], secondAttribute: attributes["secondAttribute"],
                    relation: attributes["relation"], constant: self.number(attributes["constant"], child, default: 0),
                    multiplier: self.multiplier(attributes["multiplier"], child),
                    priority: attributes["priority"].flatMap(Double.init),
                    identifier: attributes["identifier"],
                    variations: child.children("variation").compactMap { variation in
                        guard var classes = self.sizeClasses(variation) else { return nil }
                        guard let text = variation.attributes["constant"], let constant = Double(text),
                            constant.isFinite
                        else {
                            self.diagnostics.warn(
                                variation.line, "a constraint's <variation> without a constant is left out")
                            return nil
                        }
                        classes.constant = constant
                        return classes
                    }))
        }
        return constraints
    }

    /// A `<variation>`'s key as the size classes it names: `default` (any), or
    /// `widthClass=compact`, `heightClass=regular-widthClass=regular` and the like; nil, with a
    /// warning, for a key of another kind.
    func sizeClasses(_ variation: XMLElement) -> ConstraintVariation? {
        let key = variation.attributes["key"] ?? ""
        var result = ConstraintVariation()
        guard key != "default" else { return result }
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, ["compact", "regular"].contains(pair[1]) else {
                return self.unknownVariation(variation, key)
            }
            switch pair[0] {
            case "widthClass": result.widthClass = pair[1]
            case "heightClass": result.heightClass = pair[1]
            default: return self.unknownVariation(variation, key)
            }
        }
        return result
    }

    private func unknownVariation(_ variation: XMLElement, _ key: String) -> ConstraintVariation? {
        self.diagnostics.warn(
            variation.line, "the variation \"\(key)\" is not a size class the compiler knows; left out")
        return nil
    }

    /// `multiplier="0.5"` or, as Interface Builder writes ratios, `multiplier="1:2"`.
    private func multiplier(_ text: String?, _ element: XMLElement) -> Double {
        guard let text else { return 1 }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return a / b }
        return self.number(text, element, default: 1)
    }

    func number(_ text: String?, _ element: XMLElement, default value: Double) -> Double {
        guard let text else { return value }
        guard let number = Double(text), number.isFinite else {
            self.diagnostics.warn(element.line, "<\(element.name)>: \"\(text)\" is not a number; \(value) is used")
            return value
        }
        return number
    }
}
