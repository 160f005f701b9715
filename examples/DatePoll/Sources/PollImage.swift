import Foundation
import MessagesSDK

/// The bubble's image, drawn as the calendar apps draw theirs: a header in the occasion's
/// colour and a tile per day with its votes, the leading days highlighted.
enum PollImage {
    static let size = CGSize(width: 300, height: 180)

    static func color(of occasion: Occasion) -> UIColor {
        switch occasion {
        case .lunch: .systemOrange
        case .dinner: .systemIndigo
        case .drinks: .systemTeal
        }
    }

    static func render(_ poll: DatePoll) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        format.opaque = true
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            UIColor.systemGray6.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            color(of: poll.occasion).setFill()
            context.fill(CGRect(x: 0, y: 0, width: size.width, height: 36))
            let header = "\(poll.occasion.title) · \(poll.dates.count) day\(poll.dates.count == 1 ? "" : "s")"
            header.draw(
                at: CGPoint(x: 12, y: 8),
                withAttributes: [.font: UIFont.boldSystemFont(ofSize: 16), .foregroundColor: UIColor.white])

            let leaders = Set(poll.leaders)
            let columns = 4
            let tile = CGSize(width: (size.width - 12 * CGFloat(columns + 1)) / CGFloat(columns), height: 58)
            for (index, date) in poll.dates.enumerated() {
                let origin = CGPoint(
                    x: 12 + CGFloat(index % columns) * (tile.width + 12),
                    y: 46 + CGFloat(index / columns) * (tile.height + 8))
                let frame = CGRect(origin: origin, size: tile)
                let card = UIBezierPath(roundedRect: frame, cornerRadius: 8)
                (leaders.contains(date) ? color(of: poll.occasion).withAlphaComponent(0.25) : UIColor.white).setFill()
                card.fill()
                UIColor.systemGray3.setStroke()
                card.lineWidth = 1
                card.stroke()
                let parts = DatePoll.spoken(date).split(separator: " ")
                let day = parts.count == 3 ? String(parts[1]) : date
                let month = parts.count == 3 ? "\(parts[0]) \(parts[2])" : ""
                let centered = NSMutableParagraphStyle()
                centered.alignment = .center
                NSAttributedString(
                    string: day,
                    attributes: [
                        .font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.label,
                        .paragraphStyle: centered,
                    ]
                )
                .draw(in: CGRect(x: frame.minX, y: frame.minY + 4, width: frame.width, height: 26))
                NSAttributedString(
                    string: month,
                    attributes: [
                        .font: UIFont.systemFont(ofSize: 10), .foregroundColor: UIColor.secondaryLabel,
                        .paragraphStyle: centered,
                    ]
                )
                .draw(in: CGRect(x: frame.minX, y: frame.minY + 28, width: frame.width, height: 14))
                // One dot per vote.
                color(of: poll.occasion).setFill()
                for vote in 0..<min(poll.votes(for: date), 6) {
                    UIBezierPath(
                        ovalIn: CGRect(x: frame.minX + 6 + CGFloat(vote) * 9, y: frame.maxY - 12, width: 6, height: 6)
                    ).fill()
                }
            }
        }
    }
}
