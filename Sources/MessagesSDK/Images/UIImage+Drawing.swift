import CCairo
import Foundation

/// Drawing an image into the current context (`UIGraphicsGetCurrentContext()`), as UIKit does;
/// outside a context, or for an image without pixels (a GIF, the empty image), nothing is drawn.
extension UIImage {
    /// At its size in points, its top left at `point`.
    public func draw(at point: CGPoint) {
        self.draw(in: CGRect(origin: point, size: self.size))
    }

    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        self.draw(in: CGRect(origin: point, size: self.size), blendMode: blendMode, alpha: alpha)
    }

    /// Scaled to fill `rect` (smoothly; the edge pixels are not faded).
    public func draw(in rect: CGRect) {
        self.draw(in: rect, blendMode: .normal, alpha: 1)
    }

    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        let r = rect.standardized
        guard let context = UIGraphicsGetCurrentContext(), let bitmap = self.bitmap,
            r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite, r.minX.isFinite, r.minY.isFinite
        else { return }
        let cairo = context.cairo
        let path = cairo_copy_path(cairo)
        cairo_save(cairo)
        cairo_new_path(cairo)
        cairo_translate(cairo, r.minX, r.minY)
        cairo_scale(cairo, r.width / CGFloat(bitmap.width), r.height / CGFloat(bitmap.height))
        cairo_set_source_surface(cairo, bitmap.surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_set_operator(cairo, blendMode.cairo)
        cairo_rectangle(cairo, 0, 0, CGFloat(bitmap.width), CGFloat(bitmap.height))
        cairo_clip(cairo)
        cairo_paint_with_alpha(cairo, CGColor.unit(alpha) * context.alpha)
        cairo_restore(cairo)
        cairo_append_path(cairo, path)
        cairo_path_destroy(path)
    }
}
