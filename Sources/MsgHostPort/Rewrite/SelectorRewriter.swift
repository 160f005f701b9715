import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder

/// `#selector` made into closures, for Swift on Linux has no Objective-C runtime to look a
/// selector up in (`#selector` is an error here). Each target-action API becomes the closure
/// API MessagesSDK or Foundation has under the same name, calling the same method:
///
/// | iOS | here |
/// |---|---|
/// | `x.addTarget(self, action: #selector(m(_:)), for: e)` | `x.addAction(UIAction { [unowned self] _ in self.m(x) }, for: e)` |
/// | `UITapGestureRecognizer(target: self, action: #selector(m))` | `UITapGestureRecognizer { [unowned self] recognizer in self.m(recognizer as! UITapGestureRecognizer) }` |
/// | `r.addTarget(self, action: #selector(m))` | `r.addTarget { [unowned self] recognizer in self.m(recognizer) }` |
/// | `UIBarButtonItem(barButtonSystemItem: s, target: self, action: #selector(m))` | `UIBarButtonItem(systemItem: s, primaryAction: UIAction { [unowned self] _ in self.m() })` |
/// | `center.addObserver(self, selector: #selector(m(_:)), name: n, object: o)` | `center.addObserver(forName: n, object: o, queue: nil) { [unowned self] note in self.m(note) }` |
/// | `Timer.scheduledTimer(timeInterval: t, target: self, selector: #selector(m), userInfo: nil, repeats: r)` | `Timer.scheduledTimer(withTimeInterval: t, repeats: r) { [unowned self] timer in self.m(timer) }` |
/// | `perform(#selector(m), with: x, afterDelay: d)` | `DispatchQueue.main.asyncAfter(deadline: .now() + d) { [argument = x] in self.m(argument) }` |
///
/// `unowned self`, as a target is not retained by its control, recognizer or notification
/// center; a delayed `perform` retains its target, so its closure does too. The sender a method
/// takes is the control (bound to a `let` first when reading it again could give another one),
/// the recognizer (cast to the method's parameter type), the notification or the timer.
/// Any other `#selector` is left and reported, with the nearest thing to do.
final class SelectorRewriter: PortRewriter {
    let index: MethodIndex
    /// The selectors a form has reported already, which the catch-all must not report again.
    var reported: Set<SyntaxIdentifier> = []

    override init(fileName: String, tree: SourceFileSyntax) {
        self.index = MethodIndex(tree)
        super.init(fileName: fileName, tree: tree)
    }

    /// What a form makes of a call: a rewrite (with a note on a behaviour that changed), or a
    /// reason it cannot. A form that does not match the call gives nil.
    enum Outcome {
        case rewrite(String, why: String, note: String?)
        case couldNotPort(String)
    }

    override func visit(_ node: CodeBlockItemSyntax) -> CodeBlockItemSyntax {
        guard case .expr(let expression) = node.item, let call = expression.as(FunctionCallExprSyntax.self),
            let outcome = self.boundControlAction(call)
        else { return super.visit(node) }
        guard case .rewrite(let text, let why, _) = outcome,
            let statement = Parser.parse(source: text).statements.first, !statement.hasError
        else {
            return super.visit(node)
        }
        let ported = statement.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
        self.recordRewrite(call, ported, why: why)
        return ported
    }

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        let forms = [
            self.controlAction, self.recognizerInit, self.recognizerTarget, self.barButtonItem, self.observer,
            self.timer, self.delayedPerform,
        ]
        guard let outcome = forms.lazy.compactMap({ $0(node) }).first else { return super.visit(node) }
        switch outcome {
        case .couldNotPort(let why):
            self.recordCouldNotPort(node, why: why)
            for argument in node.arguments where argument.expression.is(MacroExpansionExprSyntax.self) {
                self.reported.insert(argument.expression.id)
            }
            return super.visit(node)
        case .rewrite(let text, let why, let note):
            let ported = ExprSyntax("\(raw: text)")
            guard !ported.hasError else {
                self.recordCouldNotPort(
                    node, why: "msghost port made code that does not parse of it (\(text)): please report it")
                return super.visit(node)
            }
            let placed = ported.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
            self.recordRewrite(node, placed, why: why)
            if let note {
                self.record(.note, at: node, before: ReportText.line(node), after: ReportText.line(placed), why: note)
            }
            return placed
        }
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> ExprSyntax {
        if node.macroName.text == "selector", !self.reported.contains(node.id) {
            self.recordCouldNotPort(node, why: self.advice(for: node))
        }
        return super.visit(node)
    }

    /// The nearest thing to do for a `#selector` no form rewrites, by the call it is given to.
    private func advice(for selector: MacroExpansionExprSyntax) -> String {
        let call = sequence(first: Syntax(selector), next: \.parent).lazy.compactMap {
            $0.as(FunctionCallExprSyntax.self)
        }.first
        switch call?.calledName {
        case "removeTarget":
            return
                "#selector needs the Objective-C runtime: keep the UIAction you added and call removeAction(_:for:) with it"
        case "responds":
            return
                "#selector needs the Objective-C runtime: call the method directly, or make it a protocol requirement and check the protocol"
        case "cancelPreviousPerformRequests":
            return "#selector needs the Objective-C runtime: keep the DispatchWorkItem you scheduled and cancel() it"
        default:
            return
                "#selector needs the Objective-C runtime: pass a closure that calls the method (UIAction, a recognizer's closure initialiser, a block) where the API takes one"
        }
    }
}
