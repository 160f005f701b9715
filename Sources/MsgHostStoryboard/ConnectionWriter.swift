import Foundation

/// The connections of a tree once all its objects exist: outlets (through `StoryboardObjects.
/// connect`, which finds the `@Outlet` by name), outlet collections, actions (each a closure
/// that calls the method, capturing the target and sender weakly), segues a control triggers,
/// and last the embed segues of container views.
struct ConnectionWriter {
    let unit: UnitWriter

    /// Outlets of UIKit's own classes the compiler sets directly, with the protocol each takes.
    static let delegateOutlets: [String: [String: String]] = [
        "collectionView": ["dataSource": "UICollectionViewDataSource", "delegate": "UICollectionViewDelegate"],
        "tableView": ["dataSource": "UITableViewDataSource", "delegate": "UITableViewDelegate"],
        "textField": ["delegate": "UITextFieldDelegate"],
        "textView": ["delegate": "UITextViewDelegate"],
        "scrollView": ["delegate": "UIScrollViewDelegate"],
    ]

    static let events = [
        "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
        "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged", "primaryActionTriggered",
        "editingDidBegin", "editingChanged", "editingDidEnd", "editingDidEndOnExit",
    ]

    func write(into code: inout Code) {
        let inTree = Set(self.unit.objects.map(\.id) + self.unit.objects.flatMap { $0.constraints.map(\.id) })
        var connections = self.unit.objects.flatMap(\.connections)
        connections += self.unit.ownerConnections.filter { inTree.contains($0.destination) }
        var collections: [(source: String, property: String, line: Int, destinations: [String])] = []
        var embeds: [Connection] = []
        for connection in connections {
            switch connection.kind {
            case .outlet(let property):
                self.outlet(connection, property, into: &code)
            case .outletCollection(let property):
                if let index = collections.firstIndex(where: {
                    $0.source == connection.source && $0.property == property
                }) {
                    collections[index].destinations.append(connection.destination)
                } else {
                    collections.append((connection.source, property, connection.line, [connection.destination]))
                }
            case .action(let selector, let event):
                self.action(connection, selector: selector, event: event, into: &code)
            case .segue(let kind, _, _, _):
                if kind == "embed" {
                    embeds.append(connection)
                } else if kind != "relationship" {
                    self.trigger(connection, into: &code)
                }
            }
        }
        for collection in collections { self.collection(collection, into: &code) }
        for embed in embeds {
            guard let controller = self.unit.sceneController.flatMap({ self.unit.variables[$0] }),
                let container = self.variable(embed.source, embed)
            else {
                self.unit.warn(embed.line, "embed segue \(embed.id) is not in a scene's view; left out")
                continue
            }
            code.line("\(controller.name).embedCompiledSegue(\(Spell.string(embed.id)), in: \(container.name))")
        }
    }

    private func variable(_ id: String, _ connection: Connection) -> UnitWriter.Variable? {
        if let variable = self.unit.variables[id] { return variable }
        self.unit.warn(
            connection.line,
            "connection \(connection.id) is to \(id), which is not in the same view tree (a prototype cell's views are their own); left out"
        )
        return nil
    }

    private func object(_ id: String) -> ViewObject? { self.unit.objects.first { $0.id == id } }

    /// `body` run with the variables unwrapped where they are optional.
    private func unwrapped(_ variables: [UnitWriter.Variable], _ body: String, into code: inout Code) {
        let optional = variables.filter(\.isOptional).map(\.name)
        code.line(optional.isEmpty ? body : "if \(optional.map { "let \($0)" }.joined(separator: ", ")) { \(body) }")
    }

    private func outlet(_ connection: Connection, _ property: String, into code: inout Code) {
        guard let source = self.variable(connection.source, connection),
            let destination = self.variable(connection.destination, connection)
        else { return }
        if property == "view", connection.source == self.unit.sceneController { return }
        if let object = self.object(connection.source), object.customClass == nil {
            guard let type = Self.delegateOutlets[object.element]?[property] else {
                return self.unit.warn(
                    connection.line,
                    "outlet \(property) of a \(Vocabulary.viewClasses[object.element] ?? object.element) is not one the compiler knows; left out"
                )
            }
            return self.unwrapped(
                [destination],
                "\(source.name).\(property) = StoryboardObjects.cast(\(destination.name), to: (any \(type)).self)",
                into: &code)
        }
        if let object = self.object(connection.source), let type = Self.delegateOutlets[object.element]?[property] {
            return self.unwrapped(
                [destination],
                "\(source.name).\(property) = StoryboardObjects.cast(\(destination.name), to: (any \(type)).self)",
                into: &code)
        }
        self.unwrapped(
            [source, destination],
            "StoryboardObjects.connect(\(Spell.string(property)), of: \(source.name), to: \(destination.name), in: \(self.unit.file))",
            into: &code)
    }

    private func collection(
        _ collection: (source: String, property: String, line: Int, destinations: [String]), into code: inout Code
    ) {
        let probe = Connection(
            kind: .outletCollection(property: collection.property), id: collection.property, line: collection.line,
            source: collection.source, destination: collection.source)
        guard let source = self.variable(collection.source, probe) else { return }
        let destinations = collection.destinations.compactMap { self.variable($0, probe) }
        if collection.property == "gestureRecognizers" {
            for destination in destinations {
                self.unwrapped(
                    [source, destination], "\(source.name).addGestureRecognizer(\(destination.name))", into: &code)
            }
            return
        }
        let list = "[" + destinations.map(\.name).joined(separator: ", ") + "]"
        self.unwrapped(
            [source] + destinations,
            "StoryboardObjects.connect(\(Spell.string(collection.property)), of: \(source.name), toCollection: \(list), in: \(self.unit.file))",
            into: &code)
    }

    private func action(_ connection: Connection, selector: String, event: String?, into code: inout Code) {
        guard let source = self.variable(connection.source, connection),
            let target = self.variable(connection.destination, connection)
        else { return }
        guard
            !["UIViewController", "UIView", "AnyObject", "UIResponder"].contains(target.type)
                && !target.type.hasPrefix("UI")
        else {
            return self.unit.warn(
                connection.line,
                "action \(selector) is sent to a \(target.type), which has no such method here (give the object its custom class); left out"
            )
        }
        guard let call = Self.call(selector, sender: source.name) else {
            return self.unit.warn(
                connection.line,
                "action \(selector) takes more than a sender; only actions of no argument or one (the sender) are connected"
            )
        }
        self.handler(
            source: source, connection: connection, event: event,
            body: "guard let \(target.name), let \(source.name) else { return }; \(target.name).\(call)",
            captures: [target.name, source.name], into: &code)
    }

    /// A segue a control or gesture recognizer triggers.
    private func trigger(_ connection: Connection, into code: inout Code) {
        guard let object = self.object(connection.source), !object.element.hasSuffix("Controller") else { return }
        guard !object.element.hasSuffix("Cell") else {
            return self.unit.warn(
                connection.line,
                "segue \(connection.id) from a cell's selection is not triggered here; call performSegue(withIdentifier:sender:) from didSelectItemAt"
            )
        }
        guard let controller = self.unit.sceneController.flatMap({ self.unit.variables[$0] }),
            let source = self.variable(connection.source, connection)
        else {
            return self.unit.warn(connection.line, "segue \(connection.id) is not in a scene; left out")
        }
        self.handler(
            source: source, connection: connection, event: nil,
            body: "\(controller.name)?.triggerCompiledSegue(\(Spell.string(connection.id)), sender: \(source.name))",
            captures: [controller.name, source.name], into: &code)
    }

    private func handler(
        source: UnitWriter.Variable, connection: Connection, event: String?, body: String, captures: [String],
        into code: inout Code
    ) {
        let list = "[" + captures.map { "weak \($0)" }.joined(separator: ", ") + "]"
        guard let object = self.object(connection.source) else { return }
        if Vocabulary.gestureClasses[object.element] != nil {
            return code.line("\(source.name).addTarget { \(list) _ in \(body) }")
        }
        guard ["button", "switch", "segmentedControl", "textField", "datePicker", "stepper"].contains(object.element)
        else {
            return self.unit.warn(
                connection.line,
                "<\(object.element)> \(object.id) is not a control; its action or segue \(connection.id) is left out")
        }
        let fallback =
            object.element == "button"
            ? "touchUpInside" : (object.element == "textField" ? "editingChanged" : "valueChanged")
        let name = event ?? fallback
        guard Self.events.contains(name) else {
            return self.unit.warn(
                connection.line, "event \(name) is not one the compiler knows; \(connection.id) is left out")
        }
        code.line("\(source.name).addAction(UIAction { \(list) _ in \(body) }, for: .\(name))")
    }

    /// The Swift call of an Objective-C selector: `tapped` → `tapped()`, `tapped:` →
    /// `tapped(sender)`, `tappedWithSender:` → `tapped(sender: sender)`; nil for more arguments.
    static func call(_ selector: String, sender: String) -> String? {
        let colons = selector.filter { $0 == ":" }.count
        if colons == 0 { return "\(selector)()" }
        guard colons == 1, selector.hasSuffix(":") else { return nil }
        let name = String(selector.dropLast())
        if let range = name.range(of: "With", options: .backwards), let next = name[range.upperBound...].first,
            next.isUppercase, range.lowerBound != name.startIndex
        {
            let label = name[range.upperBound...].prefix(1).lowercased() + name[range.upperBound...].dropFirst()
            return "\(name[..<range.lowerBound])(\(label): \(sender))"
        }
        return "\(name)(\(sender))"
    }
}
