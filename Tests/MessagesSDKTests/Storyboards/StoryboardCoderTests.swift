import Foundation
import Testing

@testable import MessagesSDK

/// What a storyboard object's `init(coder:)` sees, as on iOS: its frame and, for a collection
/// view, the storyboard's layout, so that an initialiser that changes them changes those.
@MainActor @Suite struct StoryboardCoderTests {
    final class Board: UICollectionView {
        var frameInInit = CGRect.null
        required init?(coder: NSCoder) {
            super.init(coder: coder)
            self.frameInInit = self.frame
            (self.collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing = 0
        }
        override init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
            super.init(frame: frame, collectionViewLayout: layout)
        }
    }

    @Test func initCoderSeesTheStoryboardsFrameAndLayout() throws {
        let layout = UICollectionViewFlowLayout()
        layout.minimumInteritemSpacing = 10
        let board = try #require(
            StoryboardObjects.make(
                Board.self, in: "Main.storyboard", frame: CGRect(x: 5, y: 6, width: 300, height: 200),
                collectionViewLayout: layout))
        #expect(board.frameInInit == CGRect(x: 5, y: 6, width: 300, height: 200))
        #expect(
            board.collectionViewLayout === layout && layout.minimumInteritemSpacing == 0,
            "the storyboard's layout, changed by the initialiser")
        let plain = try #require(StoryboardObjects.make(Board.self, in: "Main.storyboard"))
        #expect(plain.frame == .zero && plain.collectionViewLayout is UICollectionViewFlowLayout)
    }
}
