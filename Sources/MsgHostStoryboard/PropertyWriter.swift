/// The attributes of one object as Swift assignments: what every view has, then what its kind
/// has (`PropertyWriter+Kinds.swift`).
struct PropertyWriter {
    let unit: UnitWriter
    let object: ViewObject
    let variable: String

    var attributes: [String: String] { self.object.attributes }

    func set(_ property: String, _ value: String, into code: inout Code) {
        code.line("\(self.variable).\(property) = \(value)")
    }

    func bool(_ name: String, _ property: String, into code: inout Code) {
        guard let value = self.attributes[name] else { return }
        self.set(property, value == "YES" ? "true" : "false", into: &code)
    }

    func number(_ name: String, _ property: String, into code: inout Code) {
        guard let text = self.attributes[name], let value = Double(text), value.isFinite else { return }
        self.set(property, Spell.number(value), into: &code)
    }

    func enumCase(_ name: String, _ property: String, _ cases: [String: String], into code: inout Code) {
        guard let value = self.attributes[name] else { return }
        guard let mapped = cases[value] else {
            return self.unit.warn(
                self.object.line,
                "\(name)=\"\(value)\" of <\(self.object.element)> is not one the compiler knows; left out")
        }
        self.set(property, "." + mapped, into: &code)
    }

    static let contentModes = Dictionary(
        uniqueKeysWithValues: [
            "scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top", "bottom", "left", "right",
            "topLeft", "topRight", "bottomLeft", "bottomRight",
        ].map { ($0, $0) })
    static let alignments = [
        "natural": "natural", "left": "left", "center": "center", "right": "right", "justified": "justified",
    ]

    func write(into code: inout Code) {
        self.enumCase("contentMode", "contentMode", Self.contentModes, into: &code)
        self.bool("hidden", "isHidden", into: &code)
        self.number("alpha", "alpha", into: &code)
        self.bool("userInteractionEnabled", "isUserInteractionEnabled", into: &code)
        self.number("tag", "tag", into: &code)
        self.bool("clipsSubviews", "clipsToBounds", into: &code)
        self.bool("opaque", "isOpaque", into: &code)
        self.bool("multipleTouchEnabled", "isMultipleTouchEnabled", into: &code)
        if let translates = self.object.translatesAutoresizingMask {
            self.set("translatesAutoresizingMaskIntoConstraints", translates ? "true" : "false", into: &code)
        }
        if let mask = self.object.autoresizingMask {
            self.set("autoresizingMask", "[\(mask.map { "." + $0 }.joined(separator: ", "))]", into: &code)
        }
        for (name, call, axis) in [
            ("horizontalHuggingPriority", "setContentHuggingPriority", "horizontal"),
            ("verticalHuggingPriority", "setContentHuggingPriority", "vertical"),
            ("horizontalCompressionResistancePriority", "setContentCompressionResistancePriority", "horizontal"),
            ("verticalCompressionResistancePriority", "setContentCompressionResistancePriority", "vertical"),
        ] {
            if let text = self.attributes[name], let value = Double(text) {
                code.line("\(self.variable).\(call)(UILayoutPriority(\(Spell.number(value))), for: .\(axis))")
            }
        }
        for key in self.object.colors.keys.sorted() { self.color(key, into: &code) }
        if let accessibility = self.object.accessibility {
            if let label = accessibility.label { self.set("accessibilityLabel", Spell.string(label), into: &code) }
            if let identifier = accessibility.identifier {
                self.set("accessibilityIdentifier", Spell.string(identifier), into: &code)
            }
            if let isElement = accessibility.isElement {
                self.set("isAccessibilityElement", isElement ? "true" : "false", into: &code)
            }
            if accessibility.hint != nil {
                self.unit.warn(
                    self.object.line,
                    "accessibility hint of \(self.object.id) is left out: MessagesSDK has no accessibilityHint")
            }
        }
        self.writeKind(into: &code)
        self.writeRuntimeAttributes(into: &code)
    }

    /// Set last, as Interface Builder sets them after the object's own attributes.
    func writeRuntimeAttributes(into code: inout Code) {
        for attribute in self.object.runtimeAttributes { self.set(attribute.keyPath, attribute.value, into: &code) }
    }

    private func color(_ key: String, into code: inout Code) {
        guard let color = self.object.colors[key] else { return }
        let property: String? =
            switch (key, self.object.element) {
            case ("backgroundColor", _): "backgroundColor"
            case ("tintColor", _): "tintColor"
            case ("textColor", "label"), ("textColor", "textField"), ("textColor", "textView"): "textColor"
            case ("onTintColor", "switch"): "onTintColor"
            case ("thumbTintColor", "switch"): "thumbTintColor"
            default: nil
            }
        guard let property else {
            return self.unit.warn(
                self.object.line, "colour \(key) of <\(self.object.element)> is left out: the compiler does not know it"
            )
        }
        guard let value = Spell.color(color) else {
            return self.unit.warn(
                self.object.line,
                "colour \(key) of \(self.object.id) names a colour the file gives no value for; left out")
        }
        self.set(property, value, into: &code)
    }

    func writeGesture(into code: inout Code) {
        self.number("numberOfTapsRequired", "numberOfTapsRequired", into: &code)
        self.number("numberOfTouchesRequired", "numberOfTouchesRequired", into: &code)
        self.number("minimumPressDuration", "minimumPressDuration", into: &code)
        self.bool("cancelsTouchesInView", "cancelsTouchesInView", into: &code)
        self.bool("enabled", "isEnabled", into: &code)
    }

    func writeFlowLayout(into code: inout Code) {
        // The app's own subclass (a paging layout, say), made as a gesture of its own class is.
        code.line("let \(self.variable) = \(self.object.customClass ?? "UICollectionViewFlowLayout")()")
        self.enumCase(
            "scrollDirection", "scrollDirection", ["vertical": "vertical", "horizontal": "horizontal"], into: &code)
        self.number("minimumLineSpacing", "minimumLineSpacing", into: &code)
        self.number("minimumInteritemSpacing", "minimumInteritemSpacing", into: &code)
        if let size = self.object.sizes["itemSize"] {
            self.set(
                "itemSize", "CGSize(width: \(Spell.number(size.width)), height: \(Spell.number(size.height)))",
                into: &code)
        }
        if let size = self.object.sizes["estimatedItemSize"] {
            self.set(
                "estimatedItemSize", "CGSize(width: \(Spell.number(size.width)), height: \(Spell.number(size.height)))",
                into: &code)
        }
        if let inset = self.object.insets["sectionInset"] {
            self.set(
                "sectionInset",
                "UIEdgeInsets(top: \(Spell.number(inset.top)), left: \(Spell.number(inset.left)), bottom: \(Spell.number(inset.bottom)), right: \(Spell.number(inset.right)))",
                into: &code)
        }
        self.writeRuntimeAttributes(into: &code)
    }
}
