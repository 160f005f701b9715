/// Rectangles, insets, colours and fonts as Interface Builder writes them.
extension DocumentReader {
    func rect(_ element: XMLElement) -> Rect {
        let a = element.attributes
        return Rect(
            x: self.number(a["x"], element, default: 0), y: self.number(a["y"], element, default: 0),
            width: self.number(a["width"], element, default: 0), height: self.number(a["height"], element, default: 0))
    }

    func insets(_ element: XMLElement) -> Insets {
        let a = element.attributes
        return Insets(
            top: self.number(a["minY"], element, default: 0), left: self.number(a["minX"], element, default: 0),
            bottom: self.number(a["maxY"], element, default: 0), right: self.number(a["maxX"], element, default: 0))
    }

    /// `white`, `red`/`green`/`blue`, a system colour or a named one (with the value the
    /// file's resources give it, so it shows without an asset catalog).
    func color(_ element: XMLElement) -> Color? {
        let a = element.attributes
        if let name = a["systemColor"] ?? a["cocoaTouchSystemColor"] {
            return .system(name, fallback: self.systemColors[name])
        }
        if let name = a["name"] {
            return .named(name, fallback: self.namedColors[name])
        }
        if let value = self.rgba(element) {
            if a["white"] != nil { return .white(value.red, alpha: value.alpha) }
            return .rgb(value.red, value.green, value.blue, alpha: value.alpha)
        }
        self.diagnostics.warn(
            element.line, "<color key=\"\(a["key"] ?? "")\"> of a kind the compiler does not know is left out")
        return nil
    }

    func rgba(_ element: XMLElement) -> Rgba? {
        let a = element.attributes
        let alpha = self.number(a["alpha"], element, default: 1)
        if let white = a["white"] {
            let w = self.number(white, element, default: 0)
            return Rgba(red: w, green: w, blue: w, alpha: alpha)
        }
        guard a["red"] != nil || a["green"] != nil || a["blue"] != nil else { return nil }
        return Rgba(
            red: self.number(a["red"], element, default: 0), green: self.number(a["green"], element, default: 0),
            blue: self.number(a["blue"], element, default: 0), alpha: alpha)
    }

    func font(_ element: XMLElement) -> Font? {
        let a = element.attributes
        let size = self.number(a["pointSize"], element, default: 17)
        if let style = a["style"] { return .textStyle(style) }
        switch a["type"] {
        case "system": return .system(size: size, weight: a["weight"])
        case "boldSystem": return .boldSystem(size: size)
        case "italicSystem": return .italicSystem(size: size)
        case nil:
            if let name = a["name"] { return .named(name, size: size) }
        default:
            break
        }
        self.diagnostics.warn(
            element.line, "<fontDescription> of a kind the compiler does not know; the system font is used")
        return .system(size: size, weight: nil)
    }

    /// `<userDefinedRuntimeAttributes>`: what Interface Builder sets by key-value coding after
    /// it makes the object, as Swift assignments of those key paths (a number, a Boolean, a
    /// string, an image by name, a colour). A key path the type does not have is a compile
    /// error of the app's build, where iOS would throw at run time; a type the compiler does
    /// not know is a warning, and that attribute is left out.
    func runtimeAttributes(_ element: XMLElement) -> [(keyPath: String, value: String)] {
        element.children("userDefinedRuntimeAttribute").compactMap { attribute in
            guard let keyPath = attribute.attributes["keyPath"],
                keyPath.split(separator: ".").allSatisfy({ Spell.isIdentifier(String($0)) })
            else {
                self.diagnostics.warn(
                    attribute.line,
                    "a runtime attribute's keyPath \"\(attribute.attributes["keyPath"] ?? "")\" is not a Swift property path; left out"
                )
                return nil
            }
            let value = attribute.children.first { $0.attributes["key"] == "value" }
            let type = attribute.attributes["type"] ?? ""
            switch type {
            case "number":
                guard let value, let text = value.attributes["value"], let number = Double(text), number.isFinite else {
                    break
                }
                return (keyPath, Spell.number(number))
            case "boolean":
                guard let text = value?.attributes["value"] ?? attribute.attributes["value"] else { break }
                return (keyPath, text == "YES" ? "true" : "false")
            case "string", "localizedString":
                guard let text = attribute.attributes["value"] ?? value?.attributes["value"] else { break }
                return (keyPath, Spell.string(text))
            case "image":
                guard let name = attribute.attributes["value"] ?? value?.attributes["image"] else { break }
                return (keyPath, "UIImage(named: \(Spell.string(name)))")
            case "color":
                guard let value, let color = self.color(value).flatMap(Spell.color) else { break }
                return (keyPath, color)
            default:
                break
            }
            self.diagnostics.warn(
                attribute.line,
                "runtime attribute \(keyPath) of type \"\(type)\" is left out: the compiler sets numbers, Booleans, strings, images and colours"
            )
            return nil
        }
    }
}
