import CCairo
import Foundation

/// Drawing text into the current context, and measuring it, with Pango (UIKit's
/// `NSString`/`NSAttributedString` additions). Each run's `.font` and `.foregroundColor`
/// apply; `.paragraphStyle`'s alignment applies in `draw(in:)`; other attributes are ignored.
enum TextLayout {
    /// A Pango layout of `text` for `cairo` (caller unrefs): runs' fonts and colours as Pango
    /// attributes; `width` wraps (nil: one line per paragraph).
    static func make(_ text: NSAttributedString, cairo: OpaquePointer, width: CGFloat?) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cairo)!
        let options = cairo_font_options_create()
        // Grey antialiasing without hinting: the same glyph shapes whatever the machine's settings.
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)

        let string = text.string
        pango_layout_set_text(layout, string, -1)
        let base = UIFont.attributedTextDefault.pangoDescription()
        pango_layout_set_font_description(layout, base)
        pango_font_description_free(base)

        let list = pango_attr_list_new()
        var alignment = NSTextAlignment.natural
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length)) { attributes, range, _ in
            guard let swiftRange = Range(range, in: string) else { return }
            let start = UInt32(string.utf8.distance(from: string.startIndex, to: swiftRange.lowerBound))
            let end = UInt32(string.utf8.distance(from: string.startIndex, to: swiftRange.upperBound))
            func add(_ attribute: UnsafeMutablePointer<PangoAttribute>) {
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
            }
            let font = attributes[.font] as? UIFont ?? UIFont.attributedTextDefault
            let description = font.pangoDescription()
            add(pango_attr_font_desc_new(description))
            pango_font_description_free(description)
            let color = (attributes[.foregroundColor] as? UIColor)?.cgColor ?? .black
            add(pango_attr_foreground_new(Self.channel(color.red), Self.channel(color.green), Self.channel(color.blue)))
            add(pango_attr_foreground_alpha_new(Self.channel(color.alpha)))
            if let background = (attributes[.backgroundColor] as? UIColor)?.cgColor {
                add(
                    pango_attr_background_new(
                        Self.channel(background.red), Self.channel(background.green), Self.channel(background.blue)))
                add(pango_attr_background_alpha_new(Self.channel(background.alpha)))
            }
            if let style = attributes[.paragraphStyle] as? NSParagraphStyle { alignment = style.alignment }
        }
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)

        if let width, width.isFinite, width > 0 {
            pango_layout_set_width(layout, Int32(min(width, 100_000) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            switch alignment {
            case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
            case .justified: pango_layout_set_justify(layout, 1)
            case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            }
        }
        return layout
    }

    static func channel(_ value: CGFloat) -> UInt16 { UInt16((CGColor.unit(value) * 65_535).rounded()) }

    /// The text's size in points, as it would be drawn.
    static func size(of text: NSAttributedString, width: CGFloat?) -> CGSize {
        let cairo = Scratch.context()
        defer { cairo_destroy(cairo) }
        let layout = Self.make(text, cairo: cairo, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return CGSize(
            width: CGFloat(logical.width) / CGFloat(PANGO_SCALE), height: CGFloat(logical.height) / CGFloat(PANGO_SCALE)
        )
    }

    /// Draws the text with its top left at `origin`, wrapped to `width` and clipped to `height`.
    static func draw(_ text: NSAttributedString, at origin: CGPoint, width: CGFloat?, height: CGFloat?) {
        guard let context = UIGraphicsGetCurrentContext(), origin.x.isFinite, origin.y.isFinite else { return }
        let cairo = context.cairo
        let path = cairo_copy_path(cairo)
        cairo_save(cairo)
        cairo_new_path(cairo)
        if let width, let height, width > 0, height > 0 {
            cairo_rectangle(cairo, origin.x, origin.y, width, height)
            cairo_clip(cairo)
        }
        let layout = Self.make(text, cairo: cairo, width: width)
        cairo_move_to(cairo, origin.x, origin.y)
        if context.alpha < 1 { cairo_push_group(cairo) }
        pango_cairo_show_layout(cairo, layout)
        if context.alpha < 1 {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, context.alpha)
        }
        g_object_unref(UnsafeMutableRawPointer(layout))
        cairo_restore(cairo)
        cairo_new_path(cairo)
        cairo_append_path(cairo, path)
        cairo_path_destroy(path)
    }
}

extension NSAttributedString {
    /// Draws the text on one line per paragraph, its top left at `point`.
    public func draw(at point: CGPoint) { TextLayout.draw(self, at: point, width: nil, height: nil) }
    /// Draws the text wrapped to `rect`'s width, clipped to it, aligned by its paragraph style.
    public func draw(in rect: CGRect) {
        let r = rect.standardized
        TextLayout.draw(self, at: r.origin, width: r.width, height: r.height)
    }
    /// The size it draws at with `draw(at:)`.
    public func size() -> CGSize { TextLayout.size(of: self, width: nil) }
}

extension String {
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(at: point)
    }
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attributes).draw(in: rect)
    }
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self, attributes: attributes).size()
    }
}

extension NSString {
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }
}
