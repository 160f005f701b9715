import CCairo
import Foundation

/// UIKit's stack of current contexts, one per thread as in UIKit: a renderer pushes its
/// context while its actions run, `UIGraphicsBeginImageContextWithOptions` pushes one until
/// `UIGraphicsEndImageContext()`. `UIColor.setFill()`, `UIBezierPath.fill()`, `UIImage.draw(…)`
/// and text drawing draw into the top one.
final class ImageContext {
    let bitmap: Bitmap
    let context: CGContext
    let scale: CGFloat

    init(bitmap: Bitmap, scale: CGFloat) {
        self.bitmap = bitmap
        self.scale = scale
        self.context = CGContext(surface: bitmap.surface, scale: scale)
    }

    /// What is drawn so far, as an image of its own.
    func image() -> UIImage {
        cairo_surface_flush(self.bitmap.surface)
        return UIImage(bitmap: self.bitmap.copy(), scale: self.scale)
    }
}

enum GraphicsContextStack {
    /// An entry is nil where a begin failed (a zero or huge size): the failure stays on the
    /// stack so that its `UIGraphicsEndImageContext()` pops it and not the context below.
    private final class Stack { var entries: [Entry?] = [] }

    /// A context drawn into: an image context's, or one pushed with `UIGraphicsPushContext`.
    struct Entry {
        let context: CGContext
        let image: ImageContext?
    }

    private static let key = "msghost.UIGraphicsContextStack"

    private static var stack: Stack {
        if let stack = Thread.current.threadDictionary[key] as? Stack { return stack }
        let stack = Stack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }

    static var top: Entry? { self.stack.entries.last ?? nil }
    static func push(_ context: ImageContext?) {
        self.stack.entries.append(context.map { Entry(context: $0.context, image: $0) })
    }
    static func push(_ context: CGContext) { self.stack.entries.append(Entry(context: context, image: nil)) }
    static func pop() { _ = self.stack.entries.popLast() }

    /// A context of `size` points at `scale` pixels a point (0: the screen's, as in UIKit), or
    /// nil after logging why not.
    static func make(size: CGSize, opaque: Bool, scale: CGFloat, caller: String) -> ImageContext? {
        let scale = scale == 0 ? UIScreen.main.scale : scale
        guard scale.isFinite, scale > 0, scale <= 16 else {
            HostConnection.log("\(caller): scale \(scale) must be from 0 to 16")
            return nil
        }
        guard size.width.isFinite, size.height.isFinite, size.width * scale < Double(Int32.max),
            size.height * scale < Double(Int32.max)
        else {
            HostConnection.log("\(caller): size \(size.width)×\(size.height) is not a drawable size")
            return nil
        }
        let width = Int((size.width * scale).rounded(.up))
        let height = Int((size.height * scale).rounded(.up))
        if let refusal = Bitmap.refusal(width: width, height: height) {
            HostConnection.log(
                "\(caller): size \(size.width)×\(size.height) at scale \(scale) is \(refusal); nothing is drawn")
            return nil
        }
        guard let bitmap = Bitmap(width: width, height: height, opaque: opaque) else {
            HostConnection.log("\(caller): Cairo could not make a \(width)×\(height) bitmap")
            return nil
        }
        return ImageContext(bitmap: bitmap, scale: scale)
    }
}

/// The current context: the top of this thread's stack; nil outside any drawing.
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.top?.context }

/// Begins an image context of `size` points; `scale` 0 is the screen's (`UIScreen.main.scale`).
/// A zero, negative or huge size logs why and begins a context that draws nothing (the
/// current context is then nil and `UIGraphicsGetImageFromCurrentImageContext()` nil).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    GraphicsContextStack.push(
        GraphicsContextStack.make(size: size, opaque: opaque, scale: scale, caller: "UIGraphicsBeginImageContext"))
}

/// A transparent context at scale 1, as UIKit's.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// What the current image context holds so far; nil when there is none.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? { GraphicsContextStack.top?.image?.image() }

/// Makes `context` the current one (for `draw(_:)` code that calls `UIGraphicsGetCurrentContext()`)
/// until `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) { GraphicsContextStack.push(context) }

public func UIGraphicsPopContext() { GraphicsContextStack.pop() }

/// Ends the image context begun last.
public func UIGraphicsEndImageContext() { GraphicsContextStack.pop() }

/// Fills `rect` with the current fill colour.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// Strokes `rect`'s outline with the current stroke colour.
public func UIRectFrame(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.stroke(rect) }
