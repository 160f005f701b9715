import Foundation
import MessagesSDK

/// The board as the bubble's image, drawn as ConnectFour and checkers apps draw theirs at run
/// time: a blue frame with a hole per cell, the discs in them, the winning line ringed.
enum BoardImage {
    static let cell: CGFloat = 40
    static let margin: CGFloat = 10
    static var size: CGSize {
        CGSize(width: CGFloat(Board.columns) * cell + 2 * margin, height: CGFloat(Board.rows) * cell + 2 * margin + 24)
    }

    static func color(of disc: Disc?) -> UIColor {
        switch disc {
        case .red?: .systemRed
        case .yellow?: .systemYellow
        case nil: .white
        }
    }

    static func center(column: Int, row: Int) -> CGPoint {
        CGPoint(x: margin + (CGFloat(column) + 0.5) * cell, y: margin + (CGFloat(row) + 0.5) * cell)
    }

    /// `scale` pixels a point: 1 for the small image in the app's view, 2 for the bubble.
    static func render(_ board: Board, scale: CGFloat = 2) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = true
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            UIColor.systemBlue.setFill()
            UIBezierPath(
                roundedRect: CGRect(
                    x: 2, y: 2, width: size.width - 4, height: CGFloat(Board.rows) * cell + 2 * margin - 4),
                cornerRadius: 12
            ).fill()
            for row in 0..<Board.rows {
                for column in 0..<Board.columns {
                    let center = Self.center(column: column, row: row)
                    color(of: board[column, row]).setFill()
                    UIBezierPath(
                        arcCenter: center, radius: cell / 2 - 4, startAngle: 0, endAngle: 2 * .pi, clockwise: true
                    ).fill()
                }
            }
            if let line = board.winningLine {
                UIColor.black.setStroke()
                let path = UIBezierPath()
                path.move(to: Self.center(column: line[0].column, row: line[0].row))
                path.addLine(to: Self.center(column: line[3].column, row: line[3].row))
                path.lineWidth = 5
                path.lineCapStyle = .round
                path.stroke()
            }
            let status =
                board.winner.map { "\($0.name) wins" } ?? (board.isFull ? "A draw" : "\(board.next.name) to play")
            status.draw(
                at: CGPoint(x: margin, y: CGFloat(Board.rows) * cell + 2 * margin + 2),
                withAttributes: [
                    .font: UIFont.boldSystemFont(ofSize: 15),
                    .foregroundColor: color(of: board.winner ?? board.next).withAlphaComponent(1),
                ])
        }
    }
}
