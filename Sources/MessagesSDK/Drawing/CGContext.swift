import CCairo
import Foundation

/// `CGContext`, the drawing calls iMessage apps make on it, over a Cairo context.
///
/// Coordinates are UIKit's: points, origin top left, y down (a renderer's scale is applied
/// underneath). As in a UIKit-made context, `addArc(…clockwise:)` follows Core Graphics'
/// unflipped sense, so `clockwise: true` turns counterclockwise on screen, the opposite of
/// `UIBezierPath(arcCenter:…clockwise:)`. Fill and stroke colours are part of the state that
/// `saveGState()`/`restoreGState()` keep, as in Core Graphics.
open class CGContext {
    /// `cairo_t *`, owned.
    let cairo: OpaquePointer
    private var state = GState()
    private var saved: [GState] = []

    struct GState {
        var fill = CGColor.black
        var stroke = CGColor.black
        var alpha: CGFloat = 1
    }

    init(surface: OpaquePointer, scale: CGFloat) {
        self.cairo = cairo_create(surface)
        cairo_scale(self.cairo, scale, scale)
        cairo_set_line_width(self.cairo, 1)
    }

    deinit { cairo_destroy(self.cairo) }

    // MARK: State

    open func saveGState() {
        cairo_save(self.cairo)
        self.saved.append(self.state)
    }

    /// Restores the last saved state; without one it does nothing (Core Graphics logs too).
    open func restoreGState() {
        guard let last = self.saved.popLast() else { return }
        cairo_restore(self.cairo)
        self.state = last
    }

    open func setFillColor(_ color: CGColor) { self.state.fill = color }
    open func setStrokeColor(_ color: CGColor) { self.state.stroke = color }
    open func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.state.fill = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    open func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.state.stroke = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    open func setAlpha(_ alpha: CGFloat) { self.state.alpha = CGColor.unit(alpha) }
    open func setLineWidth(_ width: CGFloat) { cairo_set_line_width(self.cairo, width.isFinite ? max(width, 0) : 1) }
    open func setLineCap(_ cap: CGLineCap) { cairo_set_line_cap(self.cairo, cap.cairo) }
    open func setLineJoin(_ join: CGLineJoin) { cairo_set_line_join(self.cairo, join.cairo) }
    open func setBlendMode(_ mode: CGBlendMode) { cairo_set_operator(self.cairo, mode.cairo) }

    open func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(self.cairo, x, y) }
    open func scaleBy(x: CGFloat, y: CGFloat) {
        guard x != 0, y != 0, x.isFinite, y.isFinite else { return }  // Cairo would be left unusable
        cairo_scale(self.cairo, x, y)
    }
    open func rotate(by angle: CGFloat) { cairo_rotate(self.cairo, angle) }

    // MARK: Painting rectangles and ellipses (the current path is left alone)

    open func fill(_ rect: CGRect) { self.paint(.fill) { self.appendRect(rect) } }
    open func fill(_ rects: [CGRect]) { self.paint(.fill) { rects.forEach(self.appendRect) } }
    open func stroke(_ rect: CGRect) { self.paint(.stroke) { self.appendRect(rect) } }
    open func stroke(_ rect: CGRect, width: CGFloat) {
        self.saveGState()
        self.setLineWidth(width)
        self.stroke(rect)
        self.restoreGState()
    }
    open func fillEllipse(in rect: CGRect) { self.paint(.fill) { self.appendEllipse(rect) } }
    open func strokeEllipse(in rect: CGRect) { self.paint(.stroke) { self.appendEllipse(rect) } }

    /// Makes `rect` transparent (black in an opaque context), whatever the blend mode.
    open func clear(_ rect: CGRect) {
        cairo_save(self.cairo)
        cairo_set_operator(self.cairo, CAIRO_OPERATOR_CLEAR)
        self.paint(.fill) { self.appendRect(rect) }
        cairo_restore(self.cairo)
    }

    // MARK: The current path

    open func beginPath() { cairo_new_path(self.cairo) }
    open func move(to point: CGPoint) { cairo_move_to(self.cairo, point.x, point.y) }
    open func addLine(to point: CGPoint) { cairo_line_to(self.cairo, point.x, point.y) }
    open func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        self.move(to: first)
        points.dropFirst().forEach(self.addLine)
    }
    open func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        self.ensureCurrentPoint(control1)
        cairo_curve_to(self.cairo, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }
    open func addQuadCurve(to end: CGPoint, control: CGPoint) {
        self.ensureCurrentPoint(control)
        Self.quadCurve(self.cairo, to: end, control: control)
    }
    /// Core Graphics' sense of `clockwise` (see the type's comment).
    open func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        Self.arc(
            self.cairo, center: center, radius: radius, start: startAngle, end: endAngle, screenClockwise: !clockwise)
    }
    open func addRect(_ rect: CGRect) { self.appendRect(rect) }
    open func addRects(_ rects: [CGRect]) { rects.forEach(self.appendRect) }
    open func addEllipse(in rect: CGRect) { self.appendEllipse(rect) }
    open func addPath(_ path: UIBezierPath) { path.append(to: self.cairo) }
    open func closePath() { cairo_close_path(self.cairo) }

    open var isPathEmpty: Bool {
        var x1: Double = 0
        var y1: Double = 0
        var x2: Double = 0
        var y2: Double = 0
        cairo_path_extents(self.cairo, &x1, &y1, &x2, &y2)
        return cairo_has_current_point(self.cairo) == 0 && x1 == x2 && y1 == y2
    }

    /// Fills the current path and clears it.
    open func fillPath(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(self.cairo, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        self.source(self.state.fill)
        cairo_fill(self.cairo)
    }

    /// Strokes the current path and clears it.
    open func strokePath() {
        self.source(self.state.stroke)
        cairo_stroke(self.cairo)
    }

    open func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill, .eoFill:
            self.fillPath(using: mode == .eoFill ? .evenOdd : .winding)
        case .stroke:
            self.strokePath()
        case .fillStroke, .eoFillStroke:
            cairo_set_fill_rule(self.cairo, mode == .eoFillStroke ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            self.source(self.state.fill)
            cairo_fill_preserve(self.cairo)
            self.strokePath()
        }
    }

    /// Intersects the clip with the current path, and clears it.
    open func clip() { cairo_clip(self.cairo) }
    open func clip(to rect: CGRect) {
        let path = cairo_copy_path(self.cairo)
        cairo_new_path(self.cairo)
        self.appendRect(rect)
        cairo_clip(self.cairo)
        cairo_append_path(self.cairo, path)
        cairo_path_destroy(path)
    }

    // MARK: Underneath

    enum Paint { case fill, stroke }

    /// Paints the path that `build` makes with the fill or stroke colour, leaving the current
    /// path as it was (Cairo keeps one path, which UIKit's rect and path calls must not touch).
    func paint(_ kind: Paint, evenOdd: Bool = false, build: () -> Void) {
        let path = cairo_copy_path(self.cairo)
        cairo_new_path(self.cairo)
        build()
        switch kind {
        case .fill:
            cairo_set_fill_rule(self.cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            self.source(self.state.fill)
            cairo_fill(self.cairo)
        case .stroke:
            self.source(self.state.stroke)
            cairo_stroke(self.cairo)
        }
        cairo_append_path(self.cairo, path)
        cairo_path_destroy(path)
    }

    /// The context's alpha applies to everything painted.
    func source(_ color: CGColor) {
        cairo_set_source_rgba(self.cairo, color.red, color.green, color.blue, color.alpha * self.state.alpha)
    }

    var alpha: CGFloat { self.state.alpha }

    private func appendRect(_ rect: CGRect) {
        let r = rect.standardized
        cairo_rectangle(self.cairo, r.minX, r.minY, r.width, r.height)
    }

    private func appendEllipse(_ rect: CGRect) { Self.ellipse(self.cairo, in: rect) }

    private func ensureCurrentPoint(_ point: CGPoint) {
        if cairo_has_current_point(self.cairo) == 0 { cairo_move_to(self.cairo, point.x, point.y) }
    }

    static func ellipse(_ cairo: OpaquePointer, in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, r.midX, r.midY)
        cairo_scale(cairo, r.width / 2, r.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(cairo)
        cairo_restore(cairo)
    }

    /// A quadratic Bézier from the current point, as the cubic whose control points lie two
    /// thirds of the way to `control` (Cairo draws only cubics).
    static func quadCurve(_ cairo: OpaquePointer, to end: CGPoint, control: CGPoint) {
        var x: Double = 0
        var y: Double = 0
        cairo_get_current_point(cairo, &x, &y)
        cairo_curve_to(
            cairo, x + 2 / 3 * (control.x - x), y + 2 / 3 * (control.y - y),
            end.x + 2 / 3 * (control.x - end.x), end.y + 2 / 3 * (control.y - end.y), end.x, end.y)
    }

    /// An arc in screen terms: `screenClockwise` turns clockwise as seen (y down).
    static func arc(
        _ cairo: OpaquePointer, center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, screenClockwise: Bool
    ) {
        guard radius.isFinite, radius >= 0 else { return }
        if screenClockwise {
            cairo_arc(cairo, center.x, center.y, radius, start, end)
        } else {
            cairo_arc_negative(cairo, center.x, center.y, radius, start, end)
        }
    }
}

public enum CGLineCap: Int32, Sendable {
    case butt, round, square
    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
    var cairo: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}

public enum CGPathFillRule: Int, Sendable {
    case winding, evenOdd
}

public enum CGPathDrawingMode: Int32, Sendable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// `CGBlendMode` with Apple's raw values; each is Cairo's operator of the same name.
/// `plusDarker` has no Cairo operator and is left out.
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop,
        xor
    case plusLighter = 27

    var cairo: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}
