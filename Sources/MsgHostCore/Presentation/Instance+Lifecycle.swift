import MsgHostProtocol

/// An instance's changes as the user opens, closes, taps and resizes its app, each with the
/// callbacks Messages sends for it, in Apple's order (SPEC §3). The order lives here only: the
/// machine queues what these return (`enqueue`), one at a time.
extension Instance {
    typealias Callbacks = [(CallbackType, OutboundBody)]

    private var plain: OutboundBody { .instance(InstanceBody(instance: self.id)) }

    /// Cold start: willBecomeActive → didBecomeActive → viewWillAppear → viewDidAppear; a
    /// live bubble is then asked its size (`contentSizeThatFits`, offered `size`).
    func coldStart(activation: OutboundBody, offering size: SizeValue) -> Callbacks {
        var callbacks: Callbacks = [
            (.willBecomeActive, activation), (.didBecomeActive, activation), (.viewWillAppear, self.plain),
            (.viewDidAppear, self.plain),
        ]
        if self.style == .transcript {
            callbacks.append((.contentSizeThatFits, .encoding(ContentSizeBody(instance: self.id, size: size))))
        }
        return callbacks
    }

    /// Starts resigning: invisible at once, its touch gone; viewWillDisappear →
    /// viewDidDisappear → willResignActive → didResignActive. Nil when it is not active.
    mutating func resign<E: Error>(activation: (Instance) throws(E) -> OutboundBody) throws(E) -> Callbacks? {
        guard self.isActive else { return nil }
        self.phase = .resigning  // and its touch with the active phase
        let activation = try activation(self)
        return [
            (.viewWillDisappear, self.plain), (.viewDidDisappear, self.plain), (.willResignActive, activation),
            (.didResignActive, activation),
        ]
    }

    /// A bubble tapped while the app is active: from compact, willTransition(expanded) →
    /// willSelect → didSelect → didTransition(expanded); when expanded already, only the
    /// selection; nothing when that message is selected already. `selection` makes the
    /// willSelect/didSelect pair for the entry, to the instance as it is now (none if its message is gone).
    mutating func select<E: Error>(_ entry: Int, selection: (Instance) throws(E) -> Callbacks) throws(E) -> Callbacks {
        let wasCompact = self.style == .compact
        let changed = self.selectedEntry != entry
        guard wasCompact || changed else { return [] }
        self.selectedEntry = entry
        self.style = .expanded
        let style = OutboundBody.encoding(PresentationStyleBody(instance: self.id, presentationStyle: .expanded))
        return (wasCompact ? [(.willTransition, style)] : []) + (changed ? try selection(self) : [])
            + (wasCompact ? [(.didTransition, style)] : [])
    }

    /// The chevron, or `requestPresentationStyle`: willTransition(style) → didTransition(style).
    /// Nothing when it is not active, is in that style already, or `style` is transcript.
    mutating func transition(to style: PresentationStyle) -> Callbacks {
        guard self.isActive, self.style != style, style != .transcript else { return [] }
        self.style = style
        let body = OutboundBody.encoding(PresentationStyleBody(instance: self.id, presentationStyle: style))
        return [(.willTransition, body), (.didTransition, body)]
    }

    /// The size a live bubble answered, clamped to what it was offered.
    static func fitted(_ answer: SizeValue, offered: SizeValue) -> SizeValue {
        SizeValue(width: min(max(0, answer.width), offered.width), height: min(max(0, answer.height), offered.height))
    }
}
