import Foundation
import MsgHostProtocol

/// An instance's window as the `screen` element of its view (PROTOCOL.md §4.9): its picture, at
/// the screen's scale, and what is on it — each visible control, label and image with its frame
/// in the window's points — for a test or an agent that reads rather than sees.
@MainActor
enum ScreenCapture {
    static let maxItems = 256

    /// Whether the controller has built anything to show: a view with subviews, a colour, or a
    /// class of its own. An untouched root view is no screen, so an app that only ever uses
    /// `setView` (or shows nothing) sends none.
    static func hasContent(_ view: UIView) -> Bool {
        !view.subviews.isEmpty || view.backgroundColor != nil || type(of: view) != UIView.self
    }

    /// The window drawn, as PNG, its items, and the stickers of its sticker items in order.
    static func capture(_ window: UIWindow) -> (png: Data, items: [ScreenItem], stickers: [MSSticker])? {
        let format = UIGraphicsImageRendererFormat()
        // At most 2 pixels a point: the page shows the picture no larger, and a 3× screen is
        // more than twice the pixels to draw and compress after every change.
        format.scale = min(UIScreen.main.scale, 2)
        let png = UIGraphicsImageRenderer(size: window.bounds.size, format: format).pngData { context in
            window.layer.render(in: context.cgContext)
        }
        guard !png.isEmpty else { return nil }
        let (items, stickers) = self.walk(window)
        return (png, items, stickers)
    }

    /// The visible views a reader acts on, back to front, at most `maxItems`.
    static func items(in window: UIWindow) -> [ScreenItem] { self.walk(window).items }

    /// The items, and the sticker of each `sticker` item (an `MSStickerView`), whose index
    /// among them is the item's `value`: what the app answers `stickers` with. An item wholly
    /// under an opaque view drawn after it (a child controller's view over its parent's
    /// placeholder label) is left out: the person sees the view on top, and a tap there reaches it.
    private static func walk(_ window: UIWindow) -> (items: [ScreenItem], stickers: [MSSticker]) {
        var found: [(item: ScreenItem, view: UIView, sticker: MSSticker?, order: Int)] = []
        var covers: [(rect: CGRect, view: UIView, order: Int)] = []
        var order = 0
        var stack: [UIView] = window.subviews.reversed()
        while let view = stack.popLast(), found.count < Self.maxItems {
            guard !view.isHidden, view.alpha >= 0.01 else { continue }
            order += 1
            if let cover = self.opaqueRect(of: view, in: window) { covers.append((cover, view, order)) }
            if let item = self.item(view, in: window) {
                let sticker = (view as? MSStickerView)?.sticker
                found.append((item, view, sticker, order))
            }
            // An accessibility element (a cell that says what it shows) stands for what is in
            // it, as VoiceOver reads it: its subviews are not listed apart.
            if view.isAccessibilityElement && view.accessibilityLabel != nil { continue }
            stack.append(contentsOf: view.subviews.reversed())
        }
        var items: [ScreenItem] = []
        var stickers: [MSSticker] = []
        for entry in found {
            let frame = CGRect(x: entry.item.x, y: entry.item.y, width: entry.item.width, height: entry.item.height)
            let covered = covers.contains { cover in
                cover.order > entry.order && cover.rect.contains(frame) && !cover.view.isDescendant(of: entry.view)
            }
            if covered { continue }
            var item = entry.item
            if let sticker = entry.sticker {
                item.role = .sticker
                item.value = String(stickers.count)
                stickers.append(sticker)
            }
            items.append(item)
        }
        return (items, stickers)
    }

    /// Where `view` paints every pixel: its frame in the window, if it is untransformed, fully
    /// opaque (alpha and background) and the views above it in the tree are too.
    private static func opaqueRect(of view: UIView, in window: UIWindow) -> CGRect? {
        guard view.transform == .identity, view.alpha >= 0.99, let background = view.backgroundColor,
            background.cgColor.alpha >= 0.99
        else { return nil }
        var ancestor = view.superview
        while let current = ancestor, current !== window {
            guard current.alpha >= 0.99, current.transform == .identity else { return nil }
            ancestor = current.superview
        }
        let rect = view.convert(view.bounds, to: window)
        return rect.width.isFinite && rect.height.isFinite && rect.width > 0 && rect.height > 0 ? rect : nil
    }

    private static func item(_ view: UIView, in window: UIWindow) -> ScreenItem? {
        let frame = view.convert(view.bounds, to: window)
        guard frame.width.isFinite, frame.height.isFinite, frame.minX.isFinite, frame.minY.isFinite else { return nil }
        func make(_ role: ScreenItem.Role, _ label: String?, _ value: String? = nil, enabled: Bool = true) -> ScreenItem
        {
            ScreenItem(
                role: role, label: label.flatMap { $0.isEmpty ? nil : String($0.prefix(4_096)) },
                value: value.map { String($0.prefix(4_096)) },
                x: Self.clamp(frame.minX, -4_096, 8_192), y: Self.clamp(frame.minY, -4_096, 8_192),
                width: Self.clamp(frame.width, 0, 4_096), height: Self.clamp(frame.height, 0, 4_096),
                enabled: enabled ? nil : false)
        }
        switch view {
        case let button as UIButton:
            return make(.button, button.currentTitle ?? button.accessibilityLabel, enabled: button.isEnabled)
        case let toggle as UISwitch:
            return make(.switch, toggle.accessibilityLabel, toggle.isOn ? "on" : "off", enabled: toggle.isEnabled)
        case let segments as UISegmentedControl:
            let selected =
                segments.selectedSegmentIndex == UISegmentedControl.noSegment
                ? nil : segments.titleForSegment(at: segments.selectedSegmentIndex)
            return make(.segmentedControl, segments.accessibilityLabel, selected, enabled: segments.isEnabled)
        case let field as UITextField:
            return make(
                .textField, field.placeholder ?? field.accessibilityLabel, field.text ?? "", enabled: field.isEnabled)
        case let picker as UIDatePicker:
            return make(.control, picker.accessibilityLabel, picker.text, enabled: picker.isEnabled)
        case let stepper as UIStepper:
            return make(
                .control, stepper.accessibilityLabel,
                stepper.value == stepper.value.rounded() && abs(stepper.value) < 1e15
                    ? String(Int(stepper.value)) : String(stepper.value), enabled: stepper.isEnabled)
        case let control as UIControl: return make(.control, control.accessibilityLabel, enabled: control.isEnabled)
        case let textView as UITextView:
            return make(.textField, textView.accessibilityLabel, textView.text ?? "", enabled: textView.isEditable)
        case let label as UILabel:
            return label.text.map { make(.text, $0) } ?? label.attributedText.map { make(.text, $0.string) }
        case let image as UIImageView: return image.image == nil ? nil : make(.image, image.accessibilityLabel)
        default: return view.accessibilityLabel.map { make(.view, $0) }
        }
    }

    private static func clamp(_ value: CGFloat, _ low: Double, _ high: Double) -> Double {
        min(max(Double(value), low), high)
    }
}
