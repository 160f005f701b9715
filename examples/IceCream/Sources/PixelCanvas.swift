/// A palette-indexed drawing surface with the three shapes an ice cream needs: rectangles,
/// circles and shapes bounded by two straight edges (cones, cups, drips). Coordinates are in
/// a 400-unit design space, scaled to the canvas, so every size draws the same picture.
struct PixelCanvas {
    let side: Int
    private(set) var pixels: [UInt8]
    private let scale: Double

    init(side: Int, fill: UInt8) {
        self.side = side
        self.pixels = [UInt8](repeating: fill, count: side * side)
        self.scale = Double(side) / 400
    }

    mutating func fillRect(x: Double, y: Double, width: Double, height: Double, color: UInt8) {
        self.fillRows(from: y, to: y + height, color: color) { _ in (x, x + width) }
    }

    mutating func fillCircle(centerX: Double, centerY: Double, radius: Double, color: UInt8) {
        self.fillRows(from: centerY - radius, to: centerY + radius, color: color) { y in
            let dy = y - centerY
            let dx = (radius * radius - dy * dy).squareRoot()
            return (centerX - dx, centerX + dx)
        }
    }

    /// A shape whose left and right edges run straight from `top` to `bottom` (each a pair of
    /// x positions): a triangle when the bottom ones meet, a trapezoid otherwise.
    mutating func fillTaper(top: Double, bottom: Double, topLeft: Double, topRight: Double, bottomLeft: Double, bottomRight: Double, color: UInt8) {
        self.fillRows(from: top, to: bottom, color: color) { y in
            let t = (y - top) / (bottom - top)
            return (topLeft + (bottomLeft - topLeft) * t, topRight + (bottomRight - topRight) * t)
        }
    }

    /// Fills, for each pixel row between `top` and `bottom` (design units), the span `span(y)`.
    private mutating func fillRows(from top: Double, to bottom: Double, color: UInt8, span: (Double) -> (Double, Double)) {
        let firstRow = max(0, Int((top * self.scale).rounded(.down)))
        let lastRow = min(self.side - 1, Int((bottom * self.scale).rounded(.up)))
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let y = (Double(row) + 0.5) / self.scale
            guard y >= top, y <= bottom else { continue }
            let (left, right) = span(y)
            let first = max(0, Int((left * self.scale).rounded()))
            let last = min(self.side - 1, Int((right * self.scale).rounded()) - 1)
            guard first <= last else { continue }
            for column in first...last { self.pixels[row * self.side + column] = color }
        }
    }
}
