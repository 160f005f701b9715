import CCairo
import Foundation

/// `UIBezierPath`: a path kept as its elements, filled or stroked into the current context
/// (`UIGraphicsGetCurrentContext()`) with that context's fill or stroke colour, as UIKit does.
/// Outside a context, `fill()` and `stroke()` draw nothing.
///
/// `UIBezierPath(arcCenter:…clockwise:)` and `addArc` take `clockwise` as seen on screen
/// (UIKit's sense), unlike `CGContext.addArc`.
open class UIBezierPath: NSObject {
    enum Element {
        case move(CGPoint)
        case line(CGPoint)
        case curve(CGPoint, CGPoint, CGPoint)
        case quad(CGPoint, CGPoint)
        case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool)
        case ellipse(CGRect)
        case close
    }

    private(set) var elements: [Element] = []

    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var usesEvenOddFillRule = false

    public override init() { super.init() }

    public convenience init(rect: CGRect) {
        self.init()
        let r = rect.standardized
        self.move(to: CGPoint(x: r.minX, y: r.minY))
        self.addLine(to: CGPoint(x: r.maxX, y: r.minY))
        self.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        self.addLine(to: CGPoint(x: r.minX, y: r.maxY))
        self.close()
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        self.elements.append(.ellipse(rect))
    }

    /// Corners of `cornerRadius`, at most half the shorter side (as UIKit clamps it).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = rect.standardized
        let radius = min(max(cornerRadius.isFinite ? cornerRadius : 0, 0), min(r.width, r.height) / 2)
        guard radius > 0 else {
            self.elements = UIBezierPath(rect: r).elements
            return
        }
        self.move(to: CGPoint(x: r.minX + radius, y: r.minY))
        self.addArc(
            withCenter: CGPoint(x: r.maxX - radius, y: r.minY + radius), radius: radius, startAngle: -.pi / 2,
            endAngle: 0, clockwise: true)
        self.addArc(
            withCenter: CGPoint(x: r.maxX - radius, y: r.maxY - radius), radius: radius, startAngle: 0,
            endAngle: .pi / 2, clockwise: true)
        self.addArc(
            withCenter: CGPoint(x: r.minX + radius, y: r.maxY - radius), radius: radius, startAngle: .pi / 2,
            endAngle: .pi, clockwise: true)
        self.addArc(
            withCenter: CGPoint(x: r.minX + radius, y: r.minY + radius), radius: radius, startAngle: .pi,
            endAngle: 3 * .pi / 2, clockwise: true)
        self.close()
    }

    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        self.addArc(
            withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    open func move(to point: CGPoint) { self.elements.append(.move(point)) }
    open func addLine(to point: CGPoint) { self.elements.append(.line(point)) }
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        self.elements.append(.curve(end, controlPoint1, controlPoint2))
    }
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { self.elements.append(.quad(end, controlPoint)) }
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.elements.append(
            .arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
    }
    open func close() { self.elements.append(.close) }
    open func removeAllPoints() { self.elements.removeAll() }
    open func append(_ path: UIBezierPath) { self.elements += path.elements }
    open var isEmpty: Bool { self.elements.isEmpty }

    /// The smallest rectangle holding the path's points and control points.
    open var bounds: CGRect {
        let cairo = Scratch.context()
        defer { cairo_destroy(cairo) }
        self.append(to: cairo)
        var x1: Double = 0
        var y1: Double = 0
        var x2: Double = 0
        var y2: Double = 0
        cairo_path_extents(cairo, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Whether `point` is inside the filled path (by its fill rule).
    open func contains(_ point: CGPoint) -> Bool {
        let cairo = Scratch.context()
        defer { cairo_destroy(cairo) }
        self.append(to: cairo)
        cairo_set_fill_rule(cairo, self.usesEvenOddFillRule ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        return cairo_in_fill(cairo, point.x, point.y) != 0
    }

    /// Fills with the current context's fill colour.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.paint(.fill, evenOdd: self.usesEvenOddFillRule) { self.append(to: context.cairo) }
    }

    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha * context.alpha)
        self.fill()
        context.restoreGState()
    }

    /// Strokes with the current context's stroke colour, at this path's width, cap and join.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        cairo_save(context.cairo)
        cairo_set_line_width(context.cairo, self.lineWidth.isFinite ? max(self.lineWidth, 0) : 1)
        cairo_set_line_cap(context.cairo, self.lineCapStyle.cairo)
        cairo_set_line_join(context.cairo, self.lineJoinStyle.cairo)
        context.paint(.stroke) { self.append(to: context.cairo) }
        cairo_restore(context.cairo)
    }

    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha * context.alpha)
        self.stroke()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let saved = cairo_copy_path(context.cairo)
        cairo_new_path(context.cairo)
        self.append(to: context.cairo)
        cairo_set_fill_rule(
            context.cairo, self.usesEvenOddFillRule ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(context.cairo)
        cairo_append_path(context.cairo, saved)
        cairo_path_destroy(saved)
    }

    /// Takes `other`'s elements and style (for an immutable copy, `cgPath`).
    func adopt(_ other: UIBezierPath) {
        self.elements = other.elements
        self.lineWidth = other.lineWidth
        self.lineCapStyle = other.lineCapStyle
        self.lineJoinStyle = other.lineJoinStyle
        self.usesEvenOddFillRule = other.usesEvenOddFillRule
    }

    /// Adds the path's elements to Cairo's current path.
    func append(to cairo: OpaquePointer) {
        for element in self.elements {
            switch element {
            case .move(let p): cairo_move_to(cairo, p.x, p.y)
            case .line(let p):
                if cairo_has_current_point(cairo) != 0 {
                    cairo_line_to(cairo, p.x, p.y)
                } else {
                    cairo_move_to(cairo, p.x, p.y)
                }
            case .curve(let end, let c1, let c2):
                if cairo_has_current_point(cairo) == 0 { cairo_move_to(cairo, c1.x, c1.y) }
                cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
            case .quad(let end, let c):
                if cairo_has_current_point(cairo) == 0 { cairo_move_to(cairo, c.x, c.y) }
                CGContext.quadCurve(cairo, to: end, control: c)
            case .arc(let center, let radius, let start, let end, let clockwise):
                CGContext.arc(cairo, center: center, radius: radius, start: start, end: end, screenClockwise: clockwise)
            case .ellipse(let rect): CGContext.ellipse(cairo, in: rect)
            case .close: cairo_close_path(cairo)
            }
        }
    }
}

/// A 1×1 Cairo context for measuring (path bounds, text sizes) outside any drawing.
enum Scratch {
    static func context() -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        defer { cairo_surface_destroy(surface) }
        return cairo_create(surface)!
    }
}
