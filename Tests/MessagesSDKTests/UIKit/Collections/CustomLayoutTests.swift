import Foundation
import Testing

@testable import MessagesSDK

/// Layouts written as UIKit's are: a `UICollectionViewLayout` subclass giving attributes, and a
/// flow layout subclass that reads its superclass's.
@MainActor @Suite struct CustomLayoutTests {
    /// Three columns of square cells, each placed by its centre, the last item faded.
    final class Grid: UICollectionViewLayout {
        var prepared = 0
        override func prepare() { self.prepared += 1 }
        override var collectionViewContentSize: CGSize { CGSize(width: 300, height: 200) }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            (0..<self.collectionView!.numberOfItems(inSection: 0)).compactMap {
                self.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
            }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            attributes.center = CGPoint(
                x: 50 + 100 * CGFloat(indexPath.item % 3), y: 50 + 100 * CGFloat(indexPath.item / 3))
            if indexPath.item == 4 { attributes.alpha = 0.5 }
            return attributes
        }
    }

    final class Items: NSObject, UICollectionViewDataSource {
        var count = 5
        var made: [Int] = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            self.count
        }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            self.made.append(indexPath.item)
            return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    @Test func aCustomLayoutPlacesEachCellByItsAttributes() throws {
        let grid = Grid()
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: grid)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let items = Items()
        collection.dataSource = items
        collection.layoutIfNeeded()
        #expect(grid.prepared >= 1)
        #expect(collection.contentSize == CGSize(width: 300, height: 200))
        #expect(
            collection.cellForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(
            collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame
                == CGRect(x: 100, y: 100, width: 100, height: 100))
        #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0))?.alpha == 0.5)
        #expect(collection.indexPathForItem(at: CGPoint(x: 250, y: 20)) == IndexPath(item: 2, section: 0))

        // A reload of one item asks the data source for that item only.
        items.made = []
        collection.reloadItems(at: [IndexPath(item: 3, section: 0)])
        #expect(items.made == [3])
        #expect(
            collection.cellForItem(at: IndexPath(item: 3, section: 0))?.frame
                == CGRect(x: 0, y: 100, width: 100, height: 100))
        // An insert ends with every item asked again.
        items.count = 6
        items.made = []
        collection.insertItems(at: [IndexPath(item: 5, section: 0)])
        #expect(items.made == [0, 1, 2, 3, 4, 5])
    }

    /// A flow layout that reads its own attributes, as Ice Cream Builder's centring layout does.
    final class Centring: UICollectionViewFlowLayout {
        func closest(to x: CGFloat) -> IndexPath? {
            guard let all = self.layoutAttributesForElements(in: self.collectionView!.bounds) else { return nil }
            return all.sorted { abs($0.center.x - x) < abs($1.center.x - x) }.first?.indexPath
        }
    }

    @Test func aFlowLayoutAnswersItsAttributesToASubclass() throws {
        let layout = Centring()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.minimumLineSpacing = 20
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let items = Items()
        collection.dataSource = items
        collection.layoutIfNeeded()
        // Horizontal: one item per column (80 + 10 + 80 > 100), columns 100 apart.
        let third = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)))
        #expect(third.frame == CGRect(x: 200, y: 0, width: 80, height: 80))
        #expect(layout.closest(to: 150) == IndexPath(item: 1, section: 0))
        #expect(layout.collectionViewContentSize == CGSize(width: 480, height: 100))
        #expect(
            layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 33, y: 0), withScrollingVelocity: .zero)
                == CGPoint(x: 33, y: 0))

        // Selecting with a position scrolls the item there.
        collection.selectItem(
            at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: .centeredHorizontally)
        #expect(
            collection.contentOffset.x == 180, "the last item's centre, 440, less half the width, clamped to 480 - 300")
    }
}
