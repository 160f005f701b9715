/// The constraints of a tree: each an `NSLayoutConstraint` in a variable named for its id (so
/// an outlet can hold it), all activated together once the tree is built. A constraint's view
/// that Auto Layout places (any but a tree's root, a cell or a content view) stops translating
/// its autoresizing mask, as Interface Builder sets it, unless the file says otherwise.
struct ConstraintWriter {
    let unit: UnitWriter

    static let attributes: [String: String] = [
        "left": "left", "right": "right", "top": "top", "bottom": "bottom", "leading": "leading",
        "trailing": "trailing",
        "width": "width", "height": "height", "centerX": "centerX", "centerY": "centerY", "baseline": "lastBaseline",
        "lastBaseline": "lastBaseline", "firstBaseline": "firstBaseline", "leftMargin": "leftMargin",
        "rightMargin": "rightMargin",
        "topMargin": "topMargin", "bottomMargin": "bottomMargin", "leadingMargin": "leadingMargin",
        "trailingMargin": "trailingMargin",
        "centerXWithinMargins": "centerXWithinMargins", "centerYWithinMargins": "centerYWithinMargins",
    ]

    func write(into code: inout Code) {
        var made: [String] = []
        var varied: [(name: String, variations: [ConstraintVariation])] = []
        var placed: [String] = []
        let masks = Dictionary(grouping: self.unit.objects.flatMap(\.constraintMasks), by: \.constraint).mapValues {
            $0.map(\.variation)
        }
        for view in self.unit.objects {
            for constraint in view.constraints {
                guard let line = self.constraint(constraint, holder: view) else { continue }
                let name = Spell.variable(constraint.id)
                code.line("let \(name) = \(line)")
                if let priority = constraint.priority, priority != 1000 {
                    code.line("\(name).priority = UILayoutPriority(\(Spell.number(priority)))")
                }
                if let identifier = constraint.identifier {
                    code.line("\(name).identifier = \(Spell.string(identifier))")
                }
                self.unit.variables[constraint.id] = UnitWriter.Variable(
                    name: name, type: "NSLayoutConstraint", isOptional: false)
                let variations = (masks[constraint.id] ?? []) + constraint.variations
                if variations.isEmpty { made.append(name) } else { varied.append((name, variations)) }
                for item in [constraint.firstItem ?? view.id, constraint.secondItem].compactMap({ $0 })
                where !placed.contains(item) { placed.append(item) }
            }
        }
        for id in placed {
            guard let view = self.unit.objects.first(where: { $0.id == id }), view.translatesAutoresizingMask == nil,
                self.unit.parents[id] != nil, view.key != "contentView", !view.element.hasSuffix("Cell")
            else { continue }
            code.line("\(Spell.variable(id)).translatesAutoresizingMaskIntoConstraints = false")
        }
        if !made.isEmpty {
            code.block("NSLayoutConstraint.activate([", closing: "])") { code in
                for name in made { code.line(name + ",") }
            }
        }
        // A constraint of some size classes only: active if the device's are among them.
        for (name, variations) in varied {
            code.line(
                "if StoryboardObjects.vary(\(name), [\(variations.map(Self.spell).joined(separator: ", "))]) { \(name).isActive = true }"
            )
        }
    }

    private static func spell(_ variation: ConstraintVariation) -> String {
        let parts = [
            variation.widthClass.map { "width: .\($0)" }, variation.heightClass.map { "height: .\($0)" },
            variation.installed.map { "installed: \($0)" }, variation.constant.map { "constant: \(Spell.number($0))" },
        ].compactMap { $0 }
        return ".init(\(parts.joined(separator: ", ")))"
    }

    private func constraint(_ constraint: Constraint, holder: ViewObject) -> String? {
        guard let first = self.item(constraint.firstItem ?? holder.id, constraint) else { return nil }
        guard
            let firstAttribute = self.attribute(
                self.guideEdge(constraint.firstItem ?? holder.id, constraint.firstAttribute), constraint)
        else { return nil }
        var second = "nil"
        var secondAttribute = "notAnAttribute"
        if let id = constraint.secondItem {
            guard let item = self.item(id, constraint),
                let attribute = self.attribute(
                    self.guideEdge(id, constraint.secondAttribute ?? constraint.firstAttribute), constraint)
            else { return nil }
            second = item
            secondAttribute = attribute
        }
        let relation =
            ["lessThanOrEqual": "lessThanOrEqual", "greaterThanOrEqual": "greaterThanOrEqual"][
                constraint.relation ?? ""] ?? "equal"
        return
            "NSLayoutConstraint(item: \(first), attribute: .\(firstAttribute), relatedBy: .\(relation), toItem: \(second), attribute: .\(secondAttribute), multiplier: \(Spell.number(constraint.multiplier)), constant: \(Spell.number(constraint.constant)))"
    }

    /// The top layout guide's bottom is the safe area's top, the bottom guide's top its bottom.
    private func guideEdge(_ id: String, _ attribute: String) -> String {
        switch (self.unit.guides[id]?.key, attribute) {
        case ("topLayoutGuide", "bottom"): return "top"
        case ("bottomLayoutGuide", "top"): return "bottom"
        default: return attribute
        }
    }

    private func item(_ id: String, _ constraint: Constraint) -> String? {
        if let guide = self.unit.guides[id] {
            guard ["safeArea", "topLayoutGuide", "bottomLayoutGuide"].contains(guide.key) else {
                self.unit.warn(
                    constraint.line,
                    "constraint \(constraint.id) is to the layout guide \(guide.key), which MessagesSDK does not have; left out"
                )
                return nil
            }
            return "\(guide.view).safeAreaLayoutGuide"
        }
        if let variable = self.unit.variables[id], !variable.isOptional { return variable.name }
        self.unit.warn(
            constraint.line, "constraint \(constraint.id) is to \(id), which is not in the same view tree; left out")
        return nil
    }

    private func attribute(_ name: String, _ constraint: Constraint) -> String? {
        if let attribute = Self.attributes[name] { return attribute }
        self.unit.warn(
            constraint.line,
            "constraint \(constraint.id) has the attribute \"\(name)\", which the compiler does not know; left out")
        return nil
    }
}
