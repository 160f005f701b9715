/// Views, cells, layouts and gesture recognizers: each element with its attributes and the
/// elements it holds. An element the compiler does not know as a view is built as a plain
/// `UIView` with its frame and subviews, and warned about, so the rest of the tree still loads.
extension DocumentReader {
    func readObject(_ element: XMLElement) -> ViewObject? {
        if Vocabulary.gestureClasses[element.name] != nil { return self.readGesture(element) }
        var element = element
        if element.attributes["id"] == nil, element.attributes["key"] == "contentView" {
            // Xcode 8 wrote a cell's content view as <view key="contentView"> without an id;
            // nothing can refer to it, so any id unique in the file does.
            var attributes = element.attributes
            attributes["id"] = "contentView-line-\(element.line)"
            element = XMLElement(
                name: element.name, attributes: attributes, line: element.line, children: element.children,
                text: element.text)
        }
        guard let id = self.declare(element) else { return nil }
        var view = ViewObject(element: element.name, id: id, line: element.line, key: element.attributes["key"])
        if Vocabulary.viewClasses[element.name] == nil && !Vocabulary.contentViews.contains(element.name) {
            self.diagnostics.warn(element.line, "unknown view element <\(element.name)> is built as a plain UIView")
            view.element = "view"
        } else {
            self.checkAttributes(element, known: Vocabulary.common.union(Vocabulary.specific[element.name] ?? []))
        }
        view.customClass = element.attributes["customClass"]
        view.customModule = element.attributes["customModule"]
        view.attributes = element.attributes
        // Xcode 8 writes `fixedFrame="YES"` on a view no constraint places, with
        // translatesAutoresizingMaskIntoConstraints="NO" beside it, and makes its mask into
        // constraints when it compiles the storyboard: the frame is the view's own.
        view.translatesAutoresizingMask =
            element.attributes["fixedFrame"] == "YES"
            ? true
            : element.attributes["translatesAutoresizingMaskIntoConstraints"].map { $0 == "YES" }
        for child in element.children { self.readPart(child, of: &view, parent: element) }
        return view
    }

    private func readPart(_ child: XMLElement, of view: inout ViewObject, parent: XMLElement) {
        let key = child.attributes["key"]
        switch child.name {
        case "rect" where key == "frame":
            view.frame = self.rect(child)
        case "autoresizingMask":
            view.autoresizingMask = Self.masks.filter { child.attributes[$0.attribute] == "YES" }.map(\.option)
        case "frame" where key == "frameInset":
            let value = { (name: String) in child.attributes[name].map { self.number($0, child, default: 0) } }
            view.frameInset = FrameInset(
                minX: value("minX"), minY: value("minY"), maxX: value("maxX"), maxY: value("maxY"),
                width: value("width"), height: value("height"))
        case "color":
            if let key, let color = self.color(child) { view.colors[key] = color }
        case "fontDescription":
            view.font = self.font(child)
        case "string":
            if let key { view.strings[key] = child.text }
        case "size":
            if let key {
                view.sizes[key] = Size(
                    width: self.number(child.attributes["width"], child, default: 0),
                    height: self.number(child.attributes["height"], child, default: 0))
            }
        case "inset":
            if let key { view.insets[key] = self.insets(child) }
        case "state":
            view.states.append(self.buttonState(child))
        case "buttonConfiguration":
            if let title = child.attributes["title"],
                !view.states.contains(where: { $0.state == "normal" && $0.title != nil })
            {
                view.states.append(ButtonState(state: "normal", title: title))
            }
        case "segments":
            view.segments = child.children("segment").map { $0.attributes["title"] ?? "" }
        case "accessibility":
            view.accessibility = self.accessibility(child)
        case "subviews":
            view.subviews = child.children.compactMap { self.readObject($0) }
        case "cells", "prototypes":
            view.cells = child.children.compactMap { self.readObject($0) }
        case "constraints":
            view.constraints = self.readConstraints(child)
        case "connections":
            view.connections = self.readConnections(child, source: view.id)
        case "viewLayoutGuide":
            if let id = self.declare(child) { view.guides[id] = key ?? "safeArea" }
        case "collectionViewFlowLayout", "collectionViewLayout":
            if let id = self.declare(child) {
                var layout = ViewObject(
                    element: child.name, id: id, line: child.line, key: key, attributes: child.attributes)
                layout.customClass = child.attributes["customClass"]
                self.checkAttributes(child, known: Vocabulary.specific[child.name] ?? [])
                if child.name == "collectionViewLayout", layout.customClass == nil {
                    self.diagnostics.warn(
                        child.line,
                        "a <collectionViewLayout> with no customClass is built as a UICollectionViewFlowLayout")
                }
                for part in child.children {
                    switch part.name {
                    case "size":
                        if let key = part.attributes["key"] {
                            layout.sizes[key] = Size(
                                width: self.number(part.attributes["width"], part, default: 0),
                                height: self.number(part.attributes["height"], part, default: 0))
                        }
                    case "inset": if let key = part.attributes["key"] { layout.insets[key] = self.insets(part) }
                    case "userDefinedRuntimeAttributes": layout.runtimeAttributes += self.runtimeAttributes(part)
                    default: self.unknown(part, in: child.name)
                    }
                }
                view.parts.append(layout)
            }
        case "userDefinedRuntimeAttributes":
            view.runtimeAttributes += self.runtimeAttributes(child)
        case "variation":
            // Which of the view's constraints a size class installs (`<mask key="constraints">`).
            guard let classes = self.sizeClasses(child) else { break }
            for mask in child.children("mask") {
                guard mask.attributes["key"] == "constraints" else {
                    self.diagnostics.warn(
                        mask.line,
                        "a variation's <mask key=\"\(mask.attributes["key"] ?? "")\"> is left out: the compiler varies constraints only"
                    )
                    continue
                }
                for entry in mask.children where ["include", "exclude"].contains(entry.name) {
                    guard let id = entry.attributes["reference"] else { continue }
                    var variation = classes
                    variation.installed = entry.name == "include"
                    view.constraintMasks.append((id, variation))
                }
            }
        case "collectionViewCellContentView", "tableViewCellContentView":
            if let content = self.readObject(child) { view.parts.append(content) }
        case "view" where key == "contentView":
            if let content = self.readObject(child) { view.parts.append(content) }
        default:
            self.unknown(child, in: parent.name)
        }
    }

    /// Interface Builder's names of the autoresizing mask's options and UIKit's, in UIKit's order.
    static let masks: [(attribute: String, option: String)] = [
        ("flexibleMinX", "flexibleLeftMargin"), ("widthSizable", "flexibleWidth"),
        ("flexibleMaxX", "flexibleRightMargin"),
        ("flexibleMinY", "flexibleTopMargin"), ("heightSizable", "flexibleHeight"),
        ("flexibleMaxY", "flexibleBottomMargin"),
    ]

    private func readGesture(_ element: XMLElement) -> ViewObject? {
        guard let id = self.declare(element) else { return nil }
        self.checkAttributes(
            element,
            known: [
                "id", "customClass", "customModule", "customModuleProvider", "numberOfTapsRequired",
                "numberOfTouchesRequired", "minimumPressDuration", "cancelsTouchesInView", "enabled",
            ])
        var gesture = ViewObject(
            element: element.name, id: id, line: element.line, key: nil, attributes: element.attributes)
        gesture.customClass = element.attributes["customClass"]
        for child in element.children {
            if child.name == "connections" {
                gesture.connections = self.readConnections(child, source: id)
            } else {
                self.unknown(child, in: element.name)
            }
        }
        return gesture
    }

    private func buttonState(_ element: XMLElement) -> ButtonState {
        var state = ButtonState(
            state: element.attributes["key"] ?? "normal", title: element.attributes["title"],
            image: element.attributes["image"])
        for child in element.children {
            if child.name == "color", child.attributes["key"] == "titleColor" {
                state.titleColor = self.color(child)
            } else if child.name == "color" || child.name == "imageReference"
                || child.name == "preferredSymbolConfiguration"
            {
                self.diagnostics.warn(
                    child.line, "<\(child.name) key=\"\(child.attributes["key"] ?? "")\"> of a button state is left out"
                )
            } else {
                self.unknown(child, in: "state")
            }
        }
        return state
    }

    private func accessibility(_ element: XMLElement) -> Accessibility {
        var accessibility = Accessibility(
            label: element.attributes["label"], identifier: element.attributes["identifier"],
            hint: element.attributes["hint"])
        for child in element.children {
            if child.name == "bool", child.attributes["key"] == "isElement" {
                accessibility.isElement = child.attributes["value"] == "YES"
            } else if child.name == "accessibilityTraits" {
                break
            } else {
                self.unknown(child, in: "accessibility")
            }
        }
        return accessibility
    }
}
