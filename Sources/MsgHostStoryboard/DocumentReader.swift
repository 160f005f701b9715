import Foundation

/// Reads a storyboard's or xib's XML into a `StoryboardDocument`: the document and its
/// scenes here, views in `DocumentReader+Views.swift`, values in `DocumentReader+Values.swift`,
/// ids in `DocumentReader+IDs.swift`. What it does not know is a warning; a file that is not
/// XML or not Interface Builder's, or ids missing, repeated or dangling, are errors.
final class DocumentReader {
    var diagnostics: Diagnostics
    let path: String
    /// Ids declared, with their lines; ids referred to, with their lines and what refers.
    var declared: [String: Int] = [:]
    var references: [(id: String, line: Int, what: String)] = []
    /// The values the file's resources give named and system colours.
    var namedColors: [String: Rgba] = [:]
    var systemColors: [String: Rgba] = [:]

    init(path: String) {
        self.path = path
        self.diagnostics = Diagnostics(path: path)
    }

    /// The document, or nil when an error stops it; `diagnostics` holds why.
    func read(_ data: Data) -> StoryboardDocument? {
        let root: XMLElement
        switch XMLTreeReader.read(data) {
        case .success(let element): root = element
        case .failure(let failure):
            self.diagnostics.error(failure.line, failure.message)
            return nil
        }
        guard root.name == "document", let type = root.attributes["type"] else {
            self.diagnostics.error(
                root.line,
                "not an Interface Builder document: the root element is <\(root.name)>, not <document type=…>")
            return nil
        }
        let kind: StoryboardDocument.Kind
        if type.hasSuffix("CocoaTouch.Storyboard.XIB") {
            kind = .storyboard
        } else if type.hasSuffix("CocoaTouch.XIB") {
            kind = .xib
        } else {
            self.diagnostics.error(root.line, "document type \"\(type)\" is not an iOS storyboard or xib")
            return nil
        }
        let name = ((self.path as NSString).lastPathComponent as NSString).deletingPathExtension
        var document = StoryboardDocument(kind: kind, name: name, path: self.path)
        if let resources = root.child("resources") { self.readResources(resources) }
        for child in root.children {
            switch child.name {
            case "scenes" where kind == .storyboard:
                document.scenes = child.children("scene").flatMap { self.readScene($0) }
            case "objects" where kind == .xib:
                self.readTopLevel(child, into: &document)
            case "resources", "device", "dependencies", "customFonts":
                break
            default:
                self.unknown(child, in: "document")
            }
        }
        if let initial = root.attributes["initialViewController"] {
            document.initialController = initial
            self.refer(initial, root.line, "initialViewController")
        }
        self.checkReferences()
        return self.diagnostics.hasErrors ? nil : document
    }

    // MARK: Scenes

    private func readScene(_ scene: XMLElement) -> [SceneObject] {
        guard let objects = scene.child("objects") else {
            self.diagnostics.warn(scene.line, "scene without <objects> is left out")
            return []
        }
        var controllers: [SceneObject] = []
        var others: [ViewObject] = []
        for object in objects.children {
            if let kind = SceneObject.Kind(rawValue: object.name) {
                if let controller = self.readController(object, kind: kind) { controllers.append(controller) }
            } else if object.name == "placeholder" || object.name == "exit" {
                self.declare(object)
            } else if let view = self.readObject(object) {
                others.append(view)
            }
        }
        if controllers.isEmpty, !objects.children.isEmpty {
            self.diagnostics.warn(
                scene.line,
                "scene has no controller the compiler knows (viewController, collectionViewController, navigationController); left out"
            )
        }
        if !controllers.isEmpty { controllers[0].objects = others }
        return controllers
    }

    private func readController(_ element: XMLElement, kind: SceneObject.Kind) -> SceneObject? {
        guard let id = self.declare(element) else { return nil }
        var scene = SceneObject(kind: kind, id: id, line: element.line)
        let known: Set<String> = [
            "id", "customClass", "customModule", "customModuleProvider", "storyboardIdentifier", "title",
            "modalPresentationStyle", "sceneMemberID", "useStoryboardIdentifierAsRestorationIdentifier",
            "restorationIdentifier", "clearsSelectionOnViewWillAppear", "definesPresentationContext",
            "providesPresentationContextTransitionStyle", "modalTransitionStyle",
            "automaticallyAdjustsScrollViewInsets", "toolbarHidden", "navigationBarHidden", "userLabel",
        ]
        self.checkAttributes(element, known: known)
        scene.customClass = element.attributes["customClass"]
        scene.customModule = element.attributes["customModule"]
        scene.storyboardIdentifier = element.attributes["storyboardIdentifier"]
        scene.title = element.attributes["title"]
        scene.modalPresentationStyle = element.attributes["modalPresentationStyle"]
        if kind == .tableViewController {
            self.diagnostics.warn(
                element.line,
                "tableViewController: MessagesSDK has no UITableViewController; the scene is built as a UIViewController whose view is the table view"
            )
        }
        var layoutGuides: [String: String] = [:]
        for child in element.children {
            switch child.name {
            case "view", "collectionView", "tableView":
                if child.attributes["key"] == "view" {
                    scene.view = self.readObject(child)
                } else {
                    self.unknown(child, in: element.name)
                }
            case "layoutGuides":
                // iOS 7–10's top and bottom layout guides: the edges of the safe area (iOS 11).
                for guide in child.children("viewControllerLayoutGuide") {
                    if let guideID = self.declare(guide) {
                        layoutGuides[guideID] =
                            guide.attributes["type"] == "bottom" ? "bottomLayoutGuide" : "topLayoutGuide"
                    }
                }
            case "connections":
                scene.connections = self.readConnections(child, source: id)
            case "navigationBar", "toolbar":
                self.declare(child)
                self.diagnostics.warn(
                    child.line,
                    "<\(child.name)>: the compiler builds no navigation or tool bar of a scene; it is not shown (a UINavigationController made in code has its bar)"
                )
            case "navigationItem", "tabBarItem":
                self.declare(child)
                self.diagnostics.warn(
                    child.line,
                    "<\(child.name)>: the compiler builds no navigation or tab bar item of a scene; left out (set navigationItem in code)"
                )
            case "extendedEdge", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer", "size", "value", "point":
                break
            default:
                self.unknown(child, in: element.name)
            }
        }
        if scene.view != nil { scene.view!.guides.merge(layoutGuides) { old, _ in old } }
        if kind == .navigationController {
            self.diagnostics.warn(
                element.line,
                "navigationController: the compiler does not build a navigation controller scene; it stands for its root view controller (make the UINavigationController in code)"
            )
        }
        return scene
    }

    /// A xib's objects: its placeholders and top-level views.
    private func readTopLevel(_ objects: XMLElement, into document: inout StoryboardDocument) {
        for object in objects.children {
            if object.name == "placeholder" {
                guard let id = self.declare(object) else { continue }
                var placeholder = Placeholder(
                    id: id, line: object.line, identifier: object.attributes["placeholderIdentifier"] ?? "",
                    customClass: object.attributes["customClass"])
                if let connections = object.child("connections") {
                    placeholder.connections = self.readConnections(connections, source: id)
                }
                document.placeholders.append(placeholder)
            } else if let view = self.readObject(object) {
                document.topLevel.append(view)
            }
        }
    }

    // MARK: Resources

    private func readResources(_ resources: XMLElement) {
        for resource in resources.children {
            guard let name = resource.attributes["name"] else { continue }
            switch resource.name {
            case "namedColor":
                if let value = resource.child("color").flatMap(self.rgba) { self.namedColors[name] = value }
            case "systemColor":
                if let value = resource.child("color").flatMap(self.rgba) { self.systemColors[name] = value }
            case "image", "image-set":
                break
            default:
                self.unknown(resource, in: "resources")
            }
        }
    }

    // MARK: Diagnostics

    func unknown(_ element: XMLElement, in parent: String) {
        guard !Vocabulary.ignored.contains(element.name) else { return }
        self.diagnostics.warn(element.line, "unknown element <\(element.name)> in <\(parent)> is left out")
    }

    func checkAttributes(_ element: XMLElement, known: Set<String>) {
        for name in element.attributes.keys.sorted() where !known.contains(name) && !Vocabulary.ignored.contains(name) {
            self.diagnostics.warn(
                element.line,
                "unknown attribute \(name)=\"\(element.attributes[name] ?? "")\" of <\(element.name)> is left out")
        }
    }
}
