import Foundation
import Testing

@testable import MessagesSDK

/// A calendar as apps build one with a flow layout: a section a month, each under a header the
/// data source makes from a registered class; only what is in view has cells and headers, and
/// scrolling brings the next month's in, reusing those that left.
@MainActor @Suite struct SupplementaryViewTests {
    final class MonthHeader: UICollectionReusableView {
        let title = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            self.addSubview(self.title)
        }
        required init?(coder: NSCoder) { nil }
    }

    final class DayCell: UICollectionViewCell {}

    final class Months: NSObject, UICollectionViewDataSource {
        var headersMade = 0
        var cellsAsked = 0
        func numberOfSections(in collectionView: UICollectionView) -> Int { 12 }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 28 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            self.cellsAsked += 1
            return collectionView.dequeueReusableCell(withReuseIdentifier: "day", for: indexPath)
        }
        func collectionView(
            _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
        ) -> UICollectionReusableView {
            let header =
                collectionView.dequeueReusableSupplementaryView(
                    ofKind: kind, withReuseIdentifier: "month", for: indexPath) as! MonthHeader
            header.title.text = "month \(indexPath.section + 1)"
            return header
        }
    }

    /// A 280-point-wide calendar of 40-point days, seven a line, four lines a month under a
    /// 30-point header: a month is 30 + 4 × 40 = 190 points tall.
    static func calendar(height: CGFloat = 400) -> (UIWindow, UICollectionView, Months) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        layout.minimumInteritemSpacing = 0
        layout.minimumLineSpacing = 0
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 280, height: height))
        let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collection.register(DayCell.self, forCellWithReuseIdentifier: "day")
        collection.register(
            MonthHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "month")
        let months = Months()
        collection.dataSource = months
        window.addSubview(collection)
        window.layoutIfNeeded()
        return (window, collection, months)
    }

    @Test func headersSitAboveTheirSectionsAcrossTheWholeWidth() throws {
        let (_, collection, _) = Self.calendar()
        let header = UICollectionView.elementKindSectionHeader
        #expect(
            collection.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 0))?
                .frame == CGRect(x: 0, y: 0, width: 280, height: 30))
        #expect(
            collection.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 1))?
                .frame == CGRect(x: 0, y: 190, width: 280, height: 30))
        #expect(
            collection.layoutAttributesForItem(at: IndexPath(item: 7, section: 1))?.frame
                == CGRect(x: 0, y: 260, width: 40, height: 40))
        #expect(collection.contentSize == CGSize(width: 280, height: 12 * 190))
        let shown = collection.visibleSupplementaryViews(ofKind: header).compactMap { ($0 as? MonthHeader)?.title.text }
        #expect(
            shown == ["month 1", "month 2", "month 3"], "the third month's header starts at 380, inside 400 points")
        #expect(
            collection.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))?.frame
                == CGRect(x: 0, y: 190, width: 280, height: 30))
        #expect(
            collection.layoutAttributesForSupplementaryElement(
                ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0)) == nil,
            "no footer size, no footer")
    }

    @Test func onlyWhatIsInViewHasCellsAndScrollingReusesThem() throws {
        let (window, collection, months) = Self.calendar()
        // Month 1 (28) and month 2 (28) — month 3's days start at 410, past the 400 points in
        // view: 56 cells, not 336.
        #expect(collection.visibleCells.count == 56)
        #expect(months.cellsAsked == 56)
        #expect(
            collection.cellForItem(at: IndexPath(item: 0, section: 5)) == nil,
            "an item out of view has no cell, as in UIKit")
        let before = Set(collection.visibleCells.map(ObjectIdentifier.init))
        collection.contentOffset = CGPoint(x: 0, y: 5 * 190)
        window.layoutIfNeeded()
        #expect(
            collection.cellForItem(at: IndexPath(item: 0, section: 5))?.frame
                == CGRect(x: 0, y: 5 * 190 + 30, width: 40, height: 40))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
        // Months 6 and 7 (950 to 1,330; month 5's last line ends where the view begins, so it is
        // not in view): the cells that left are the ones dequeued again.
        #expect(collection.visibleCells.count == 56)
        #expect(Set(collection.visibleCells.map(ObjectIdentifier.init)) == before)
        let headers = collection.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).compactMap
        { ($0 as? MonthHeader)?.title.text }
        #expect(headers == ["month 6", "month 7", "month 8"])
        // A section scrolled to by its header, as calendar pickers do.
        let july = try #require(
            collection.layoutAttributesForSupplementaryElement(
                ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 6)))
        collection.setContentOffset(CGPoint(x: 0, y: july.frame.minY), animated: false)
        window.layoutIfNeeded()
        #expect(
            collection.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).first.flatMap {
                ($0 as? MonthHeader)?.title.text
            } == "month 7")
    }

    @Test func anUnregisteredHeaderAndADataSourceWithoutOneGetAnEmptyView() throws {
        final class NoHeaders: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
                -> UICollectionViewCell
            { UICollectionViewCell(frame: .zero) }
        }
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        layout.footerReferenceSize = CGSize(width: 0, height: 10)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
        let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        let source = NoHeaders()
        collection.dataSource = source
        collection.backgroundView = UIView()
        window.addSubview(collection)
        window.layoutIfNeeded()
        #expect(
            collection.supplementaryView(
                forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)) != nil)
        #expect(
            collection.supplementaryView(
                forElementKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 70, width: 100, height: 10))
        #expect(
            collection.dequeueReusableSupplementaryView(
                ofKind: "badge", withReuseIdentifier: "none", for: IndexPath(item: 0, section: 0)
            ).reuseIdentifier == "none")
        #expect(
            collection.backgroundView?.frame == collection.bounds
                && collection.subviews.first === collection.backgroundView, "behind the content, the size of the view")
    }
}
