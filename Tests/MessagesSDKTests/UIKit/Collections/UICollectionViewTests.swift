import Foundation
import Testing

@testable import MessagesSDK

/// A collection view as apps build one — a registered cell class, a data source, a delegate —
/// laid out by the flow layout, tapped on the screen to select.
@MainActor @Suite struct UICollectionViewTests {
    final class PartCell: UICollectionViewCell {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            self.contentView.addSubview(self.label)
        }
        required init?(coder: NSCoder) { nil }
        override func prepareForReuse() { self.label.text = nil }
    }

    final class Parts: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var names = ["cone", "cup", "waffle", "vanilla", "chocolate"]
        var selected: [String] = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            self.names.count
        }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "part", for: indexPath) as! PartCell
            cell.label.text = self.names[indexPath.item]
            return cell
        }
        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            indexPath.item == 0 ? CGSize(width: 200, height: 60) : CGSize(width: 90, height: 40)
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            self.selected.append(self.names[indexPath.item])
        }
    }

    @Test func theFlowLayoutFlowsItemsIntoLinesAndATapSelectsOne() throws {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collection.register(PartCell.self, forCellWithReuseIdentifier: "part")
        let parts = Parts()
        collection.dataSource = parts
        collection.delegate = parts
        window.addSubview(collection)
        window.layoutIfNeeded()

        let frames = (0..<5).map { collection.cellForItem(at: IndexPath(item: $0, section: 0))?.frame }
        // 300 points of line: the 200-wide cone, then a 90 (210 + 10 + 90 = 310 fits);
        // the next line starts after the tallest of the first (60) and the line spacing.
        #expect(frames[0] == CGRect(x: 10, y: 10, width: 200, height: 60))
        #expect(frames[1] == CGRect(x: 220, y: 10, width: 90, height: 40))
        #expect(frames[2] == CGRect(x: 10, y: 80, width: 90, height: 40))
        #expect(frames[3] == CGRect(x: 110, y: 80, width: 90, height: 40))
        #expect(frames[4] == CGRect(x: 210, y: 80, width: 90, height: 40))
        #expect(collection.contentSize == CGSize(width: 320, height: 130))
        #expect((collection.cellForItem(at: IndexPath(item: 3, section: 0)) as? PartCell)?.label.text == "vanilla")

        // A tap on the screen, on the label inside a cell, selects its item.
        #expect(window.touch(at: CGPoint(x: 150, y: 100)) != .none)
        #expect(parts.selected == ["vanilla"])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.isSelected == true)
        // Between cells nothing is selected.
        window.touch(at: CGPoint(x: 105, y: 100))
        #expect(parts.selected == ["vanilla"])

        // Reloaded with fewer items: the cells are reused, and the rest put aside.
        let before = Set(collection.visibleCells.map(ObjectIdentifier.init))
        parts.names = ["cone", "cup"]
        collection.reloadData()
        #expect(collection.visibleCells.count == 2)
        #expect(Set(collection.visibleCells.map(ObjectIdentifier.init)).isSubset(of: before), "reused, not made anew")
        #expect(collection.contentSize.height == 80)
    }

    @Test func anUnregisteredCellIsAPlainOneAndAHugeSizeIsClamped() {
        final class Bad: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
                -> UICollectionViewCell
            {
                collectionView.dequeueReusableCell(withReuseIdentifier: "never-registered", for: indexPath)
            }
            func collectionView(
                _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                sizeForItemAt indexPath: IndexPath
            ) -> CGSize {
                indexPath.item == 0 ? CGSize(width: CGFloat.nan, height: 10) : CGSize(width: 1e300, height: -5)
            }
        }
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        let bad = Bad()
        collection.dataSource = bad
        collection.delegate = bad
        collection.layoutIfNeeded()
        #expect(collection.visibleCells.count == 2)
        #expect(
            collection.visibleCells.allSatisfy {
                $0.frame.width.isFinite && $0.frame.width <= 4_096 && $0.frame.height >= 0
            })
    }

    /// scrollToItem puts the item where each axis says, or scrolls as little as shows it, and
    /// never past the content (130 points of it, seen 100 at a time: offsets 0 to 30).
    @Test func scrollingToAnItemStaysWithinTheContent() throws {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 100), collectionViewLayout: layout)
        collection.register(PartCell.self, forCellWithReuseIdentifier: "part")
        let parts = Parts()
        collection.dataSource = parts
        collection.delegate = parts
        collection.layoutIfNeeded()
        #expect(collection.contentSize.height == 130)
        collection.scrollToItem(at: IndexPath(item: 3, section: 0), at: .bottom, animated: false)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 20), "the item's bottom (120) at the view's")
        collection.scrollToItem(at: IndexPath(item: 3, section: 0), at: .top, animated: false)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 30), "80 wanted, 30 the most there is")
        collection.scrollToItem(at: IndexPath(item: 0, section: 0), at: [], animated: false)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 10), "as little as shows the cone, from 30")
        collection.scrollToItem(at: IndexPath(item: 0, section: 0), at: .centeredVertically, animated: false)
        #expect(collection.contentOffset == .zero, "its middle (40) would want -10")
        collection.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 10), animated: false)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 30))
        collection.scrollToItem(at: IndexPath(item: 9, section: 0), at: .top, animated: false)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 30), "no such item: logged, nothing moves")
    }
}
