import Foundation

/// Writes the Swift that builds one tree of objects: a scene's view, a prototype cell, a xib's
/// top-level objects. It declares each object in a variable named for its id, sets what the
/// file gives it (`PropertyWriter`), then writes the tree's constraints (`ConstraintWriter`),
/// connections (`ConnectionWriter`) and embedded controllers, then `awakeFromNib`, in UIKit's
/// order of nib loading.
final class UnitWriter {
    /// An object the code can name: its variable, its static type, and whether the variable
    /// is optional (an owner captured weakly, a File's Owner that may be missing).
    struct Variable {
        let name: String
        let type: String
        let isOptional: Bool
    }

    let document: StoryboardDocument
    var diagnostics: [Diagnostic] = []
    /// Owners (the scene's controller, File's Owner) and every object declared here.
    var variables: [String: Variable]
    /// Every object declared here, in the order of the file.
    var objects: [ViewObject] = []
    var parents: [String: String] = [:]
    /// Layout guides by id: the variable of their view and their key.
    var guides: [String: (view: String, key: String)] = [:]
    /// Connections of owners, which this tree makes when their destination is in it.
    let ownerConnections: [Connection]
    /// The id of the scene's controller, which runs embed segues; nil in a xib.
    let sceneController: String?

    init(
        document: StoryboardDocument, owners: [String: Variable], ownerConnections: [Connection],
        sceneController: String?
    ) {
        self.document = document
        self.variables = owners
        self.ownerConnections = ownerConnections
        self.sceneController = sceneController
    }

    var file: String { Spell.string((self.document.path as NSString).lastPathComponent) }

    func warn(_ line: Int, _ message: String) {
        self.diagnostics.append(Diagnostic(.warning, path: self.document.path, line: line, message))
    }

    /// Declares `roots` and all they hold, then makes their constraints and connections.
    func write(_ roots: [ViewObject], into code: inout Code) {
        for root in roots where Vocabulary.gestureClasses[root.element] != nil {
            self.declareGesture(root, into: &code)
        }
        for root in roots where Vocabulary.gestureClasses[root.element] == nil {
            self.declare(root, parent: nil, into: &code)
        }
        ConstraintWriter(unit: self).write(into: &code)
        ConnectionWriter(unit: self).write(into: &code)
        for object in self.objects where object.customClass != nil && object.key != "contentView" {
            code.line("\(Spell.variable(object.id)).awakeFromNib()")
        }
    }

    private func declareGesture(_ gesture: ViewObject, into code: inout Code) {
        let base = Vocabulary.gestureClasses[gesture.element] ?? "UIGestureRecognizer"
        let name = Spell.variable(gesture.id)
        code.line("let \(name) = \(gesture.customClass ?? base)()")
        PropertyWriter(unit: self, object: gesture, variable: name).writeGesture(into: &code)
        self.variables[gesture.id] = Variable(name: name, type: gesture.customClass ?? base, isOptional: false)
        self.objects.append(gesture)
    }

    /// A view and its subviews; a cell's content view is the cell's own; prototype cells are
    /// registered with their own tree.
    func declare(_ view: ViewObject, parent: ViewObject?, into code: inout Code) {
        let name = Spell.variable(view.id)
        let base = Vocabulary.viewClasses[view.element] ?? "UIView"
        if view.key == "contentView", let parent, parent.element.hasSuffix("Cell") {
            code.line("let \(name) = \(Spell.variable(parent.id)).contentView")
        } else {
            if view.element == "collectionView", let layout = view.part("collectionViewLayout") {
                PropertyWriter(unit: self, object: layout, variable: Spell.variable(layout.id)).writeFlowLayout(
                    into: &code)
            }
            let standard = self.standardMake(view, base: base)
            if let custom = view.customClass {
                // What init(coder:) has decoded when the app's initialiser runs: the frame, the layout.
                let frame = view.frame.map { ", frame: \(Spell.rect($0))" } ?? ""
                let layout =
                    view.element == "collectionView"
                    ? view.part("collectionViewLayout").map { ", collectionViewLayout: \(Spell.variable($0.id))" } ?? ""
                    : ""
                code.line(
                    "let \(name): \(base) = StoryboardObjects.make(\(custom).self, in: \(self.file)\(frame)\(layout)) ?? \(standard)"
                )
            } else {
                code.line("let \(name) = \(standard)")
            }
            if view.frame != nil, view.customClass == nil, ["button", "tableViewCell"].contains(view.element) {
                code.line("\(name).frame = \(Spell.rect(view.frame))")
            }
        }
        self.variables[view.id] = Variable(name: name, type: view.customClass ?? base, isOptional: false)
        self.objects.append(view)
        if let parent { self.parents[view.id] = parent.id }
        for (id, key) in view.guides { self.guides[id] = (name, key) }
        PropertyWriter(unit: self, object: view, variable: name).write(into: &code)
        if let content = view.part("contentView") {
            self.declare(content, parent: view, into: &code)
            // A view without a content view of its own (a UIVisualEffectView, built as a plain
            // UIView) holds it as its first subview.
            if !view.element.hasSuffix("Cell") {
                let content = Spell.variable(content.id)
                code.line("\(name).addSubview(\(content))")
                code.line("\(content).translatesAutoresizingMaskIntoConstraints = false")
                code.line(
                    "NSLayoutConstraint.activate([\(content).topAnchor.constraint(equalTo: \(name).topAnchor), \(content).bottomAnchor.constraint(equalTo: \(name).bottomAnchor), \(content).leadingAnchor.constraint(equalTo: \(name).leadingAnchor), \(content).trailingAnchor.constraint(equalTo: \(name).trailingAnchor)])"
                )
            }
        }
        for subview in view.subviews {
            self.declare(subview, parent: view, into: &code)
            let add = view.element == "stackView" ? "addArrangedSubview" : "addSubview"
            code.line("\(name).\(add)(\(Spell.variable(subview.id)))")
            if let inset = subview.frameInset, view.element != "stackView" {
                let parts = [
                    ("minX", inset.minX), ("minY", inset.minY), ("maxX", inset.maxX), ("maxY", inset.maxY),
                    ("width", inset.width), ("height", inset.height),
                ]
                .compactMap { name, value in value.map { "\(name): \(Spell.number($0))" } }
                code.line("StoryboardObjects.place(\(([Spell.variable(subview.id)] + parts).joined(separator: ", ")))")
            }
        }
        for cell in view.cells { self.registerPrototype(cell, in: view, into: &code) }
    }

    private func standardMake(_ view: ViewObject, base: String) -> String {
        let frame = Spell.rect(view.frame)
        switch view.element {
        case "button":
            let type =
                [
                    "custom": "custom", "system": "system", "roundedRect": "system",
                    "detailDisclosure": "detailDisclosure", "infoLight": "infoLight", "infoDark": "infoDark",
                    "contactAdd": "contactAdd", "close": "close",
                ][view.attributes["buttonType"] ?? "custom"] ?? "system"
            return "UIButton(type: .\(type))"
        case "collectionView":
            let layout =
                view.part("collectionViewLayout").map { Spell.variable($0.id) } ?? "UICollectionViewFlowLayout()"
            return "UICollectionView(frame: \(frame), collectionViewLayout: \(layout))"
        case "tableView":
            let style =
                ["grouped": "grouped", "insetGrouped": "insetGrouped"][view.attributes["style"] ?? ""] ?? "plain"
            return "UITableView(frame: \(frame), style: .\(style))"
        case "tableViewCell":
            let style =
                [
                    "IBUITableViewCellStyleValue1": "value1", "IBUITableViewCellStyleValue2": "value2",
                    "IBUITableViewCellStyleSubtitle": "subtitle",
                ][view.attributes["style"] ?? ""] ?? "default"
            return
                "UITableViewCell(style: .\(style), reuseIdentifier: \(view.attributes["reuseIdentifier"].map(Spell.string) ?? "nil"))"
        default:
            return "\(base)(frame: \(frame))"
        }
    }

    /// A prototype cell: registered by its reuse identifier, its tree built anew for each
    /// dequeue, with the owners captured weakly.
    private func registerPrototype(_ cell: ViewObject, in collection: ViewObject, into code: inout Code) {
        guard let identifier = cell.attributes["reuseIdentifier"] else {
            return self.warn(
                cell.line, "prototype cell \(cell.id) has no reuseIdentifier; it cannot be dequeued and is left out")
        }
        let owners = self.variables.filter { id, _ in id == self.sceneController }
        let inner = UnitWriter(
            document: self.document,
            owners: owners.mapValues { Variable(name: $0.name, type: $0.type, isOptional: true) },
            ownerConnections: [], sceneController: nil)
        var body = Code()
        inner.write([cell], into: &body)
        body.line("return \(Spell.variable(cell.id))")
        let captures = owners.values.filter { body.uses($0.name) }.map { "weak \($0.name)" }.sorted().joined(
            separator: ", ")
        let register = collection.element == "tableView" ? "forCellReuseIdentifier" : "forCellWithReuseIdentifier"
        let type = collection.element == "tableView" ? "UITableViewCell" : "UICollectionViewCell"
        code.block(
            "\(Spell.variable(collection.id)).registerPrototype({ \(captures.isEmpty ? "" : "[\(captures)] ")() -> \(type) in",
            closing: "}, \(register): \(Spell.string(identifier)))"
        ) { code in
            code.append(body)
        }
        self.diagnostics += inner.diagnostics
    }
}
