import Foundation
import Testing

@testable import MessagesSDK

/// A `UICollectionViewController` subclass made in code, as Ice Cream Builder's history is.
@MainActor @Suite struct UICollectionViewControllerTests {
    final class History: UICollectionViewController {
        let names = ["cone", "cup", "waffle"]
        var chosen: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            self.collectionView?.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            self.names.count
        }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.tag = indexPath.item + 1
            return cell
        }
        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            self.chosen.append(self.names[indexPath.item])
        }
    }

    @Test func itsViewIsACollectionViewItFeeds() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let history = History(collectionViewLayout: layout)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        window.addSubview(history.view)
        history.view.frame = window.bounds
        window.layoutIfNeeded()
        #expect(history.view === history.collectionView)
        #expect(history.collectionViewLayout === layout)
        #expect(history.collectionView.visibleCells.map(\.tag) == [1, 2, 3])
        window.touch(at: CGPoint(x: 160, y: 50))
        #expect(history.chosen == ["cup"])
        #expect(history.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        // Off the screen and back: it appears again, and the selection is cleared.
        history.view.removeFromSuperview()
        window.addSubview(history.view)
        #expect(history.collectionView.indexPathsForSelectedItems == [], "cleared on appearing")
    }

    @Test func madeWithoutALayoutItFlows() {
        let plain = UICollectionViewController()
        #expect(plain.collectionViewLayout is UICollectionViewFlowLayout)
        #expect(plain.collectionView.numberOfItems(inSection: 0) == 0)
    }
}
