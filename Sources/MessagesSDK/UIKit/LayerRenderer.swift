import Foundation

/// Draws a layer tree — a view, its layer's sublayers and its subviews, back to front — into a
/// context, as Core Animation composites it: each layer placed by its centre and transform,
/// its background filled with its corner radius, its content (`draw(_:)`, with the context
/// current), its sublayers and subviews clipped when it masks to its bounds, its border on
/// top, all of it at the layer's opacity as a whole.
@MainActor
struct LayerRenderer {
    let context: CGContext

    init(_ context: CGContext) { self.context = context }

    /// Per view class: whether it is the app's (or any class outside MessagesSDK), whose
    /// `draw(_:)` may be its own.
    private static var appClasses: [ObjectIdentifier: Bool] = [:]

    /// A view's `draw(_:)` paints a surface of its own the size of its bounds, then that is
    /// composited over what is below, as a view's backing store is on iOS: a `clear(_:)` in it
    /// clears the view's pixels, not those of the views behind it, and nothing it draws falls
    /// outside its bounds. MessagesSDK's own views draw in place (none of them clears), so
    /// only the app's classes pay for the surface.
    private func drawContent(of view: UIView, in bounds: CGRect) {
        let type = Swift.type(of: view)
        let isApp =
            Self.appClasses[ObjectIdentifier(type)]
            ?? {
                let isApp = !String(reflecting: type).hasPrefix("MessagesSDK.")
                Self.appClasses[ObjectIdentifier(type)] = isApp
                return isApp
            }()
        guard isApp else { return view.draw(bounds) }
        self.context.saveGState()
        self.context.clip(to: bounds)
        self.context.beginGroup()
        view.draw(bounds)
        self.context.endGroup(alpha: 1)
        self.context.restoreGState()
    }

    /// `placed`: false for the layer `render(in:)` was called on, which draws in its own
    /// coordinates; true for those below it, placed in their superlayer's.
    func render(_ layer: CALayer, placed: Bool) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let view = layer.delegate
        let bounds = layer.bounds
        guard bounds.width.isFinite, bounds.height.isFinite, bounds.origin.x.isFinite, bounds.origin.y.isFinite else {
            return
        }
        let context = self.context
        context.saveGState()
        defer { context.restoreGState() }
        if placed {
            if let view {
                context.translateBy(x: view.center.x, y: view.center.y)
                context.concatenate(view.transform)
                context.translateBy(x: -bounds.width / 2, y: -bounds.height / 2)
            } else {
                context.translateBy(x: layer.frame.minX, y: layer.frame.minY)
            }
        }
        let opacity = CGFloat(min(1, layer.opacity))
        if opacity < 1 { context.beginGroup() }
        let box = CGRect(origin: .zero, size: bounds.size)
        let outline =
            layer.cornerRadius > 0
            ? UIBezierPath(roundedRect: box, cornerRadius: layer.cornerRadius) : UIBezierPath(rect: box)
        if let background = layer.backgroundColor {
            context.saveGState()
            context.setFillColor(background)
            context.beginPath()
            context.addPath(outline)
            context.fillPath()
            context.restoreGState()
        }
        context.saveGState()
        if layer.masksToBounds {
            context.beginPath()
            context.addPath(outline)
            context.clip()
        }
        // The content and what is above it are in bounds coordinates (a scrolled view's origin).
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        UIGraphicsPushContext(context)
        layer.draw(in: context)
        if let view { self.drawContent(of: view, in: bounds) }
        UIGraphicsPopContext()
        for sublayer in layer.sublayers ?? [] { self.render(sublayer, placed: true) }
        for subview in view?.subviews ?? [] { self.render(subview.layer, placed: true) }
        context.restoreGState()
        if layer.borderWidth > 0, let border = layer.borderColor {
            // Inside the bounds, as Core Animation draws it.
            let inset = layer.borderWidth / 2
            let edge = box.insetBy(dx: inset, dy: inset)
            let path =
                layer.cornerRadius > 0
                ? UIBezierPath(roundedRect: edge, cornerRadius: max(0, layer.cornerRadius - inset))
                : UIBezierPath(rect: edge)
            context.setStrokeColor(border)
            context.setLineWidth(layer.borderWidth)
            context.beginPath()
            context.addPath(path)
            context.strokePath()
        }
        if opacity < 1 { context.endGroup(alpha: opacity) }
    }
}

extension UIView {
    /// Draws the view's hierarchy, as it is now, scaled into `rect` of the current context
    /// (`UIGraphicsImageRenderer`'s, say). False when there is no current context.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        if afterScreenUpdates { self.layoutIfNeeded() }
        let size = self.bounds.size
        guard size.width > 0, size.height > 0 else { return true }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / size.width, y: rect.height / size.height)
        self.layer.render(in: context)
        context.restoreGState()
        return true
    }
}
