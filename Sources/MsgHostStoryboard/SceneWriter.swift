/// A storyboard: its `definition` lists the scenes, each made by a function that makes the
/// controller (`init(coder:)`, or the creator) and gives it its segues and the function that
/// builds its view (`UnitWriter`), called when the view is first asked for.
struct SceneWriter {
    let document: StoryboardDocument
    let enumName: String

    func write(into code: inout Code) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        code.line("@MainActor")
        code.block("private enum \(self.enumName) {") { code in
            code.block("static var definition: UIStoryboard.Definition {") { code in
                code.block(
                    "UIStoryboard.Definition(name: \(Spell.string(self.document.name)), initialScene: \(self.document.initialController.map(Spell.string) ?? "nil"), scenes: [",
                    closing: "])"
                ) { code in
                    for scene in self.document.scenes {
                        code.line(
                            "UIStoryboard.Scene(id: \(Spell.string(scene.id)), identifier: \(scene.storyboardIdentifier.map(Spell.string) ?? "nil"), make: { storyboard, creator in self.\(self.function(scene))(storyboard, creator) }),"
                        )
                    }
                }
            }
            for scene in self.document.scenes {
                code.line()
                diagnostics += self.write(scene, into: &code)
            }
        }
        return diagnostics
    }

    private func function(_ scene: SceneObject) -> String { "scene" + Spell.variable(scene.id).dropFirst(1) }

    private func write(_ scene: SceneObject, into code: inout Code) -> [Diagnostic] {
        let signature =
            "static func \(self.function(scene))(_ storyboard: UIStoryboard, _ creator: UIStoryboard.Creator?) -> UIViewController? {"
        if scene.kind == .navigationController {
            let root = scene.connections.first {
                if case .segue(_, _, "rootViewController", _) = $0.kind { true } else { false }
            }
            code.block(signature) { code in
                if let root, let target = self.document.scenes.first(where: { $0.id == root.destination }) {
                    code.line("self.\(self.function(target))(storyboard, creator)")
                } else {
                    code.line("nil")
                }
            }
            return []
        }
        let name = Spell.variable(scene.id)
        let base = scene.kind == .collectionViewController ? "UICollectionViewController" : "UIViewController"
        let type = scene.customClass ?? base
        let unit = UnitWriter(
            document: self.document, owners: [scene.id: .init(name: name, type: type, isOptional: false)],
            ownerConnections: scene.connections, sceneController: scene.id)
        code.block(signature) { code in
            code.line(
                "guard let \(name) = StoryboardObjects.controller(\(type).self, creator: creator, in: \(unit.file)) else { return nil }"
            )
            if let title = scene.title { code.line("\(name).title = \(Spell.string(title))") }
            if let style = scene.modalPresentationStyle, let mapped = Self.presentationStyles[style] {
                code.line("\(name).modalPresentationStyle = .\(mapped)")
            }
            var body = Code()
            unit.write((scene.view.map { [$0] } ?? []) + scene.objects, into: &body)
            body.line("return \(scene.view.map { Spell.variable($0.id) } ?? "UIView(frame: UIScreen.main.bounds)")")
            let capture = body.uses(name) ? "[unowned \(name)] in" : ""
            let segues = self.segues(of: scene)
            if segues.isEmpty {
                code.line(
                    "\(name).loadCompiledScene(storyboard: storyboard, segues: [:], view: {\(capture.isEmpty ? "" : " " + capture)"
                )
            } else {
                code.block(
                    "\(name).loadCompiledScene(storyboard: storyboard, segues: [",
                    closing: "], view: {\(capture.isEmpty ? "" : " " + capture)"
                ) { code in
                    for segue in segues { code.line(segue) }
                }
            }
            code.block("", closing: "})") { code in code.append(body) }
            code.line("\(name).awakeFromNib()")
            code.line("return \(name)")
        }
        return unit.diagnostics
    }

    static let presentationStyles = [
        "fullScreen": "fullScreen", "pageSheet": "pageSheet", "formSheet": "formSheet",
        "currentContext": "currentContext",
        "overFullScreen": "overFullScreen", "overCurrentContext": "overCurrentContext", "popover": "popover",
        "automatic": "automatic",
    ]

    /// The scene's segues, by their ids in the file: those of the controller and of every
    /// object of its view.
    private func segues(of scene: SceneObject) -> [String] {
        var connections = scene.connections
        var stack = (scene.view.map { [$0] } ?? []) + scene.objects
        while let object = stack.popLast() {
            connections += object.connections
            stack += object.subviews + object.parts + object.cells
        }
        return connections.compactMap { connection in
            guard case .segue(let kind, let identifier, _, let presentation) = connection.kind, kind != "relationship"
            else { return nil }
            let mapped: String =
                switch kind {
                case "show", "push": ".show"
                case "showDetail": ".showDetail"
                case "presentation", "modal":
                    ".present(\(presentation.flatMap { Self.presentationStyles[$0] }.map { ".\($0)" } ?? "nil"))"
                case "embed": ".embed"
                default: ".custom"
                }
            return
                "\(Spell.string(connection.id)): UIStoryboardSegue.Template(identifier: \(identifier.map(Spell.string) ?? "nil"), kind: \(mapped), destination: \(Spell.string(connection.destination))),"
        }
    }
}
