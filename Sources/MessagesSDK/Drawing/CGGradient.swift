import CCairo
import Foundation

/// `CGColorSpace`: everything here draws in sRGB (see `CGColor`), so every colour space is
/// sRGB by another name; it is what gradients and `CGContext.colorSpace` are given.
public final class CGColorSpace: @unchecked Sendable {
    public let name: String?
    public init?(name: String) { self.name = name }
    init() { self.name = CGColorSpace.sRGB }
    public var numberOfComponents: Int { 3 }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    static let deviceRGB = CGColorSpace()
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.deviceRGB }

public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// `CGGradient`: colours at locations from 0 to 1, drawn by `CGContext.drawLinearGradient`
/// as a Cairo linear pattern.
public final class CGGradient: @unchecked Sendable {
    /// (location, colour), by location.
    let stops: [(CGFloat, CGColor)]

    /// `count` colours of four components each (red, green, blue, alpha) and their locations
    /// (nil: spread evenly from 0 to 1), as Core Graphics takes them; Swift arrays pass as the
    /// pointers. Nil for no colours.
    public init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        guard count > 0, count <= 4_096 else { return nil }
        self.stops = (0..<count).map { i in
            let location = locations.map { $0[i] } ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1))
            let color = CGColor(
                red: components[4 * i], green: components[4 * i + 1], blue: components[4 * i + 2],
                alpha: components[4 * i + 3])
            return (location.isFinite ? min(max(location, 0), 1) : 0, color)
        }.sorted { $0.0 < $1.0 }
    }

    /// The same from `CGColor`s (Swift's form of Core Graphics' CFArray of colours).
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty, colors.count <= 4_096 else { return nil }
        let count = colors.count
        self.stops = colors.enumerated().map { i, color in
            let location = locations.map { $0[i] } ?? (count == 1 ? 0 : CGFloat(i) / CGFloat(count - 1))
            return (location.isFinite ? min(max(location, 0), 1) : 0, color)
        }.sorted { $0.0 < $1.0 }
    }
}

extension CGContext {
    /// The context's colour space: sRGB, the only one here.
    public var colorSpace: CGColorSpace? { CGColorSpace.deviceRGB }

    /// Fills the clip with `gradient` along the line from `start` to `end`, as Core Graphics
    /// does (the current path is ignored and kept): colours run perpendicular to that line, and
    /// beyond its ends the end colours continue only where `options` say so. The context's
    /// alpha applies; a line of no length draws nothing.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length.isFinite, length > 0, start.x.isFinite, start.y.isFinite else { return }
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        defer { cairo_pattern_destroy(pattern) }
        for (location, color) in gradient.stops {
            cairo_pattern_add_color_stop_rgba(pattern, location, color.red, color.green, color.blue, color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        let path = cairo_copy_path(self.cairo)
        cairo_save(self.cairo)
        // Without an option, the half-plane beyond that end is clipped away.
        let (ux, uy) = (dx / length, dy / length)
        let far: CGFloat = 1e6
        func keep(from point: CGPoint, towards sign: CGFloat) {
            cairo_new_path(self.cairo)
            cairo_move_to(self.cairo, point.x - uy * far, point.y + ux * far)
            cairo_line_to(self.cairo, point.x + uy * far, point.y - ux * far)
            cairo_line_to(self.cairo, point.x + uy * far + sign * ux * far, point.y - ux * far + sign * uy * far)
            cairo_line_to(self.cairo, point.x - uy * far + sign * ux * far, point.y + ux * far + sign * uy * far)
            cairo_close_path(self.cairo)
            cairo_clip(self.cairo)
        }
        if !options.contains(.drawsBeforeStartLocation) { keep(from: start, towards: 1) }
        if !options.contains(.drawsAfterEndLocation) { keep(from: end, towards: -1) }
        cairo_new_path(self.cairo)
        cairo_set_source(self.cairo, pattern)
        cairo_paint_with_alpha(self.cairo, self.alpha)
        cairo_restore(self.cairo)
        cairo_new_path(self.cairo)
        cairo_append_path(self.cairo, path)
        cairo_path_destroy(path)
    }
}
