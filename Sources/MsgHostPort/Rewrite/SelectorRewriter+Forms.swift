import SwiftSyntax

/// The target-action calls `SelectorRewriter` makes closures of, one method per form. Each
/// gives nil for a call of another form.
extension SelectorRewriter {
    /// The gesture recognizers MessagesSDK has, each with the closure initialiser `init(handler:)`.
    static let recognizers: Set<String> = [
        "UIGestureRecognizer", "UITapGestureRecognizer", "UILongPressGestureRecognizer", "UIPanGestureRecognizer",
    ]

    /// `x.addTarget(self, action: #selector(m), for: e)`, when `x` names the same control each
    /// time it is read (or the method takes no sender).
    func controlAction(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard call.calledName == "addTarget", call.labels == ["_", "action", "for"],
            let selector = self.selector(call, "action")
        else { return nil }
        if case .couldNotPort(let why) = selector { return .couldNotPort(why) }
        guard case .named(let name) = selector, let events = call.argument("for") else { return nil }
        if let receiver = call.receiver, !receiver.isPlainReference, self.takesArgument(name) {
            return .couldNotPort(
                "the control is an expression that may give another one when read again: bind it to a let, then port again"
            )
        }
        let receiver = call.receiver.map { $0.trimmedDescription + "." } ?? ""
        let sender = call.receiver?.trimmedDescription ?? "self"
        return self.closure(
            name, values: [sender],
            unused: "the method's second argument, the UIEvent, which MessagesSDK's UIAction does not have"
        ) { method, _ in
            .rewrite(
                "\(receiver)addAction(UIAction { [unowned self] _ in \(method) }, for: \(events.trimmedDescription))",
                why:
                    "#selector needs the Objective-C runtime; a UIAction added for the same events calls the same method",
                note: nil)
        }
    }

    /// `controlAction` for a statement whose control must be read once: `do { let control = x;
    /// control.addAction(…) }`, or `if let control = x` for an optional chain.
    func boundControlAction(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard call.calledName == "addTarget", call.labels == ["_", "action", "for"], let receiver = call.receiver,
            !receiver.isPlainReference, case .named(let name)? = self.selector(call, "action"),
            self.takesArgument(name),
            let events = call.argument("for")
        else { return nil }
        return self.closure(name, values: ["control"], unused: "the UIEvent") { method, _ in
            let action =
                "control.addAction(UIAction { [unowned self, unowned control] _ in \(method) }, for: \(events.trimmedDescription))"
            let why =
                "#selector needs the Objective-C runtime; a UIAction added for the same events calls the same method with the control read once"
            if receiver.hasOptionalChain {
                let value = receiver.as(OptionalChainingExprSyntax.self)?.expression ?? receiver
                return .rewrite("if let control = \(value.trimmedDescription) { \(action) }", why: why, note: nil)
            }
            return .rewrite("do { let control = \(receiver.trimmedDescription); \(action) }", why: why, note: nil)
        }
    }

    /// `UITapGestureRecognizer(target: self, action: #selector(m))`.
    func recognizerInit(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard let type = call.calledName, type.hasSuffix("GestureRecognizer"), call.receiver == nil,
            call.labels == ["target", "action"], let selector = self.selector(call, "action")
        else { return nil }
        if case .couldNotPort(let why) = selector { return .couldNotPort(why) }
        guard Self.recognizers.contains(type) else {
            return .couldNotPort(
                "MessagesSDK has no \(type) (a touch arrives as a tap, a long press or a drag): use UITapGestureRecognizer, UILongPressGestureRecognizer or UIPanGestureRecognizer with a closure"
            )
        }
        guard case .named(let name) = selector else { return nil }
        return self.closure(name, values: ["recognizer"], cast: type == "UIGestureRecognizer" ? nil : type) {
            method, parameter in
            .rewrite(
                "\(type) { [unowned self] \(parameter) in \(method) }",
                why:
                    "#selector needs the Objective-C runtime; the recognizer's closure initialiser calls the same method",
                note: nil)
        }
    }

    /// `recognizer.addTarget(self, action: #selector(m))`.
    func recognizerTarget(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard call.calledName == "addTarget", call.labels == ["_", "action"],
            let selector = self.selector(call, "action")
        else { return nil }
        if case .couldNotPort(let why) = selector { return .couldNotPort(why) }
        guard case .named(let name) = selector else { return nil }
        let receiver = call.receiver.map { $0.trimmedDescription + "." } ?? ""
        return self.closure(name, values: ["recognizer"]) { method, parameter in
            .rewrite(
                "\(receiver)addTarget { [unowned self] \(parameter) in \(method) }",
                why:
                    "#selector needs the Objective-C runtime; the recognizer's addTarget with a closure calls the same method",
                note: nil)
        }
    }

    /// `UIBarButtonItem(barButtonSystemItem: s, target: self, action: #selector(m))`, and the
    /// same with `title:style:` or `image:style:`: the item's closure initialisers, the style
    /// set after when it is not the plain one they make.
    func barButtonItem(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard call.calledName == "UIBarButtonItem", call.receiver == nil, let first = call.labels.first,
            (first == "barButtonSystemItem" && call.labels == [first, "target", "action"])
                || (["title", "image"].contains(first) && call.labels == [first, "style", "target", "action"]),
            let selector = self.selector(call, "action")
        else { return nil }
        if case .couldNotPort(let why) = selector { return .couldNotPort(why) }
        guard case .named(let name) = selector, let value = call.argument(first) else { return nil }
        let why =
            "#selector needs the Objective-C runtime; the item's primaryAction calls the same method (its sender the item)"
        return self.closure(name, values: ["action.sender as! UIBarButtonItem"]) { method, parameter in
            let action = "UIAction { [unowned self] \(parameter == "_" ? "_" : "action") in \(method) }"
            if first == "barButtonSystemItem" {
                return .rewrite(
                    "UIBarButtonItem(systemItem: \(value.trimmedDescription), primaryAction: \(action))", why: why,
                    note: nil)
            }
            let item = "UIBarButtonItem(\(first): \(value.trimmedDescription), primaryAction: \(action))"
            guard let style = call.argument("style"), !style.trimmedDescription.hasSuffix(".plain") else {
                return .rewrite(item, why: why, note: nil)
            }
            return .rewrite(
                "{ let item = \(item); item.style = \(style.trimmedDescription); return item }()", why: why, note: nil)
        }
    }

    /// `NotificationCenter.default.addObserver(self, selector: #selector(m(_:)), name: n, object: o)`.
    func observer(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard call.calledName == "addObserver", call.labels == ["_", "selector", "name", "object"],
            let selector = self.selector(call, "selector")
        else { return nil }
        if case .couldNotPort(let why) = selector { return .couldNotPort(why) }
        guard case .named(let name) = selector, let notification = call.argument("name"),
            let object = call.argument("object")
        else { return nil }
        let receiver = call.receiver.map { $0.trimmedDescription + "." } ?? ""
        let mainActor = self.index.isOnMainActor(call)
        return self.closure(name, values: ["note"], notification: true) { method, parameter in
            .rewrite(
                "\(receiver)addObserver(forName: \(notification.trimmedDescription), object: \(object.trimmedDescription), queue: nil) { [unowned self] \(parameter) in \(mainActor ? "MainActor.assumeIsolated { \(method) }" : method) }",
                why:
                    "#selector needs the Objective-C runtime; the block form of addObserver calls the same method, on the posting thread as before",
                note:
                    "removeObserver(self) no longer removes this observer: keep the token addObserver(forName:object:queue:using:) returns and pass it to removeObserver(_:)"
            )
        }
    }

    /// `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`, and `Timer(…)` with the same labels.
    func timer(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard call.calledName == "scheduledTimer" || (call.calledName == "Timer" && call.receiver == nil),
            call.labels == ["timeInterval", "target", "selector", "userInfo", "repeats"],
            let selector = self.selector(call, "selector")
        else { return nil }
        if case .couldNotPort(let why) = selector { return .couldNotPort(why) }
        guard case .named(let name) = selector, let interval = call.argument("timeInterval"),
            let repeats = call.argument("repeats")
        else { return nil }
        if call.argument("userInfo")?.isNilLiteral != true {
            return .couldNotPort(
                "a block timer has no userInfo: capture the value in a closure that calls the method, Timer.scheduledTimer(withTimeInterval:repeats:block:)"
            )
        }
        let callee = call.calledExpression.trimmedDescription
        let mainActor = self.index.isOnMainActor(call)
        return self.closure(name, values: ["timer"]) { method, parameter in
            .rewrite(
                "\(callee)(withTimeInterval: \(interval.trimmedDescription), repeats: \(repeats.trimmedDescription)) { [unowned self] \(parameter) in \(mainActor ? "MainActor.assumeIsolated { \(method) }" : method) }",
                why: "#selector needs the Objective-C runtime; the block form of the timer calls the same method",
                note: nil)
        }
    }

    /// `perform(#selector(m), with: x, afterDelay: d)` on `self`.
    func delayedPerform(_ call: FunctionCallExprSyntax) -> Outcome? {
        guard call.calledName == "perform", call.labels == ["_", "with", "afterDelay"],
            let selector = self.selector(call, "_")
        else { return nil }
        if case .couldNotPort(let why) = selector { return .couldNotPort(why) }
        guard case .named(let name) = selector, let argument = call.argument("with"),
            let delay = call.argument("afterDelay")
        else { return nil }
        if let receiver = call.receiver, !receiver.isSelf {
            return .couldNotPort(
                "perform on another object: call its method from DispatchQueue.main.asyncAfter(deadline:execute:)")
        }
        let captured = argument.isNilLiteral ? "nil" : "argument"
        return self.closure(name, values: [captured]) { method, _ in
            let capture =
                captured == "argument" && self.takesArgument(name)
                ? "[argument = \(argument.trimmedDescription)] in " : ""
            return .rewrite(
                "DispatchQueue.main.asyncAfter(deadline: .now() + \(delay.trimmedDescription)) { \(capture)\(method) }",
                why:
                    "#selector needs the Objective-C runtime; the main queue calls the same method after the same delay",
                note: "cancelPreviousPerformRequests no longer cancels it: keep a DispatchWorkItem and cancel() that")
        }
    }
}
