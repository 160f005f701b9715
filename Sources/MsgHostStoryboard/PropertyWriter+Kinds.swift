/// What each kind of view has beyond every view's attributes.
extension PropertyWriter {
    static let lineBreaks = [
        "wordWrap": "byWordWrapping", "characterWrap": "byCharWrapping", "clip": "byClipping",
        "headTruncation": "byTruncatingHead", "tailTruncation": "byTruncatingTail",
        "middleTruncation": "byTruncatingMiddle",
    ]
    static let controlStates = [
        "normal": "normal", "highlighted": "highlighted", "selected": "selected", "disabled": "disabled",
        "focused": "focused",
    ]

    func writeKind(into code: inout Code) {
        let text = self.attributes["text"] ?? self.object.strings["text"]
        switch self.object.element {
        case "label":
            if let text { self.set("text", Spell.string(text), into: &code) }
            self.font("font", into: &code)
            self.enumCase("textAlignment", "textAlignment", Self.alignments, into: &code)
            self.number("numberOfLines", "numberOfLines", into: &code)
            self.enumCase("lineBreakMode", "lineBreakMode", Self.lineBreaks, into: &code)
            self.bool("adjustsFontSizeToFit", "adjustsFontSizeToFitWidth", into: &code)
            self.number("minimumScaleFactor", "minimumScaleFactor", into: &code)
            self.bool("enabled", "isEnabled", into: &code)
            self.number("preferredMaxLayoutWidth", "preferredMaxLayoutWidth", into: &code)
        case "button":
            for state in self.object.states {
                guard let mapped = Self.controlStates[state.state] else {
                    self.unit.warn(
                        self.object.line, "button state \"\(state.state)\" is not one the compiler knows; left out")
                    continue
                }
                if let title = state.title {
                    code.line("\(self.variable).setTitle(\(Spell.string(title)), for: .\(mapped))")
                }
                if let image = state.image {
                    code.line("\(self.variable).setImage(UIImage(named: \(Spell.string(image))), for: .\(mapped))")
                }
                if let color = state.titleColor.flatMap(Spell.color) {
                    code.line("\(self.variable).setTitleColor(\(color), for: .\(mapped))")
                }
            }
            self.font("titleLabel?.font", into: &code)
            self.bool("enabled", "isEnabled", into: &code)
            self.bool("selected", "isSelected", into: &code)
            self.bool("highlighted", "isHighlighted", into: &code)
        case "imageView":
            if let image = self.attributes["image"] {
                self.set("image", "UIImage(named: \(Spell.string(image)))", into: &code)
            }
            if let image = self.attributes["highlightedImage"] {
                self.set("highlightedImage", "UIImage(named: \(Spell.string(image)))", into: &code)
            }
        case "textField":
            if let text { self.set("text", Spell.string(text), into: &code) }
            if let placeholder = self.attributes["placeholder"] {
                self.set("placeholder", Spell.string(placeholder), into: &code)
            }
            self.font("font", into: &code)
            self.enumCase(
                "borderStyle", "borderStyle",
                ["none": "none", "line": "line", "bezel": "bezel", "roundedRect": "roundedRect"], into: &code)
            self.enumCase("textAlignment", "textAlignment", Self.alignments, into: &code)
            self.bool("enabled", "isEnabled", into: &code)
        case "textView":
            if let text { self.set("text", Spell.string(text), into: &code) }
            self.font("font", into: &code)
            self.bool("editable", "isEditable", into: &code)
            self.enumCase("textAlignment", "textAlignment", Self.alignments, into: &code)
        case "stackView":
            self.enumCase("axis", "axis", ["horizontal": "horizontal", "vertical": "vertical"], into: &code)
            self.enumCase(
                "alignment", "alignment",
                [
                    "fill": "fill", "top": "top", "bottom": "bottom", "leading": "leading", "trailing": "trailing",
                    "center": "center", "firstBaseline": "firstBaseline", "lastBaseline": "lastBaseline",
                ], into: &code)
            self.enumCase(
                "distribution", "distribution",
                [
                    "fill": "fill", "fillEqually": "fillEqually", "fillProportionally": "fillProportionally",
                    "equalSpacing": "equalSpacing", "equalCentering": "equalCentering",
                ], into: &code)
            self.number("spacing", "spacing", into: &code)
        case "switch":
            self.bool("on", "isOn", into: &code)
            self.bool("enabled", "isEnabled", into: &code)
        case "segmentedControl":
            for (index, title) in self.object.segments.enumerated() {
                code.line(
                    "\(self.variable).insertSegment(withTitle: \(Spell.string(title)), at: \(index), animated: false)")
            }
            self.number("selectedSegmentIndex", "selectedSegmentIndex", into: &code)
            self.bool("enabled", "isEnabled", into: &code)
        case "collectionView", "scrollView", "tableView":
            self.bool("scrollEnabled", "isScrollEnabled", into: &code)
            self.bool("pagingEnabled", "isPagingEnabled", into: &code)
            self.bool("bounces", "bounces", into: &code)
            self.bool("alwaysBounceVertical", "alwaysBounceVertical", into: &code)
            self.bool("alwaysBounceHorizontal", "alwaysBounceHorizontal", into: &code)
            if self.object.element != "scrollView" { self.bool("allowsSelection", "allowsSelection", into: &code) }
            if self.object.element == "collectionView" {
                self.bool("allowsMultipleSelection", "allowsMultipleSelection", into: &code)
            }
            if self.object.element == "tableView" {
                self.number("rowHeight", "rowHeight", into: &code)
                self.number("estimatedRowHeight", "estimatedRowHeight", into: &code)
            }
        case "datePicker":
            self.enumCase(
                "datePickerMode", "datePickerMode",
                ["time": "time", "date": "date", "dateAndTime": "dateAndTime", "countDownTimer": "countDownTimer"],
                into: &code)
            self.enumCase(
                "style", "preferredDatePickerStyle",
                ["automatic": "automatic", "wheels": "wheels", "compact": "compact", "inline": "inline"], into: &code)
            self.bool("enabled", "isEnabled", into: &code)
        case "stepper":
            self.number("minimumValue", "minimumValue", into: &code)
            self.number("maximumValue", "maximumValue", into: &code)
            self.number("stepValue", "stepValue", into: &code)
            self.number("value", "value", into: &code)
            self.bool("enabled", "isEnabled", into: &code)
        default:
            break
        }
    }

    private func font(_ property: String, into code: inout Code) {
        guard let font = self.object.font else { return }
        code.line("\(self.variable).\(property) = \(Spell.font(font))")
    }
}
