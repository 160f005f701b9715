import SwiftSyntax

/// How `SelectorRewriter` reads a form's selector and writes the call of its method.
extension SelectorRewriter {
    enum SelectorArgument {
        case named(SelectorName)
        case couldNotPort(String)
    }

    /// The selector given as `label`, nil when that argument is not a `#selector`; a reason
    /// not to port when it names no method (`#selector(getter: x)`) or the target (`target:`,
    /// or the first argument when it has no label) is not `self`.
    func selector(_ call: FunctionCallExprSyntax, _ label: String) -> SelectorArgument? {
        guard let argument = call.argument(label), let macro = argument.as(MacroExpansionExprSyntax.self),
            macro.macroName.text == "selector"
        else { return nil }
        guard let name = SelectorName(argument) else {
            return .couldNotPort("#selector of a property's getter or setter: call the accessor from a closure")
        }
        let first = call.arguments.first.flatMap {
            $0.label == nil && $0.expression.id != argument.id ? $0.expression : nil
        }
        let target = call.argument("target") ?? first
        if let target, !target.isSelf {
            return .couldNotPort(
                "the target is \(target.trimmedDescription), not self: give the API a closure that calls its method")
        }
        return .named(name)
    }

    /// Whether the method takes an argument (as the file declares it, or as the selector spells it).
    func takesArgument(_ selector: SelectorName) -> Bool {
        !(selector.labels ?? self.index.method(for: selector)?.labels ?? []).isEmpty
    }

    /// `build` given the method's call (`self.m(value)`) and the closure's parameter (`value`,
    /// or `_` when the method takes none). `values` are what the API gives the closure, in the
    /// order of the method's parameters; a method that takes more cannot be called (`unused`
    /// says what it would miss). A recognizer is cast to the method's parameter type (or to
    /// `cast` when the file does not declare the method); a notification is made an
    /// `NSNotification` for a method that takes one.
    func closure(
        _ selector: SelectorName, values: [String], unused: String = "the arguments the API does not give",
        cast: String? = nil,
        notification: Bool = false, build: (_ method: String, _ parameter: String) -> Outcome
    ) -> Outcome {
        let declared = self.index.method(for: selector)
        let labels = selector.labels ?? declared?.labels ?? []
        guard labels.count <= values.count else {
            return .couldNotPort(
                "\(selector.name) takes \(labels.count) arguments, and the closure has no \(unused): make it take \(values.count == 1 ? "one" : "none")"
            )
        }
        let arguments = labels.indices.map { index -> String in
            let type = declared.flatMap { $0.types.indices.contains(index) ? $0.types[index] : nil }.map(Self.unwrapped)
            var value = values[index]
            if value == "recognizer",
                let target = type.map({ ["UIGestureRecognizer", "Any", "AnyObject"].contains($0) ? nil : $0 }) ?? cast
            {
                value = "\(value) as! \(target)"
            }
            if notification, type == "NSNotification" {
                value = "NSNotification(name: \(value).name, object: \(value).object, userInfo: \(value).userInfo)"
            }
            return labels[index] == "_" ? value : "\(labels[index]): \(value)"
        }
        let method = "self.\(selector.name)(\(arguments.joined(separator: ", ")))"
        let outcome = build(method, labels.isEmpty ? "_" : values[0])
        guard selector.labels == nil, declared == nil, case .rewrite(let text, let why, let note) = outcome else {
            return outcome
        }
        let guess =
            "\(selector.name) is not declared in this file (or is overloaded): called with no argument; pass one if it takes it"
        return .rewrite(text, why: why, note: note.map { "\($0); \(guess)" } ?? guess)
    }

    /// `UIButton` of `UIButton!`, `UIButton?` and `UIButton`.
    static func unwrapped(_ type: String) -> String {
        type.hasSuffix("!") || type.hasSuffix("?") ? String(type.dropLast()) : type
    }
}
