import Foundation
import Testing

@testable import MessagesSDK

/// Small UIKit API that 2016 iMessage apps use: Dynamic Type fonts, UIKit's NSIndexPath
/// additions, `isOpaque`, the nib hooks, a table cell's `setSelected(_:animated:)`.
@MainActor @Suite struct UIKitAdditionsTests {
    @Test func preferredFontsHaveDynamicTypesDefaultSizes() {
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .headline).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .headline).weight == .semibold)
        #expect(UIFont.preferredFont(forTextStyle: .caption2).pointSize == 11)
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
    }

    @Test func anNSIndexPathHasARowAndASection() {
        let path = NSIndexPath(row: 3, section: 1)
        #expect(path.row == 3 && path.item == 3 && path.section == 1)
        #expect(NSIndexPath(item: 7, section: 0).item == 7)
        #expect((IndexPath(row: 2, section: 4) as NSIndexPath).row == 2)
    }

    @Test func aViewIsOpaqueUntilToldOtherwise() {
        let view = UIView()
        #expect(view.isOpaque)
        view.isOpaque = false
        #expect(!view.isOpaque)
    }

    final class NibCell: UITableViewCell {
        var log: [String] = []
        override func awakeFromNib() {
            super.awakeFromNib()
            self.log.append("awake")
        }
        override func setSelected(_ selected: Bool, animated: Bool) {
            super.setSelected(selected, animated: animated)
            self.log.append("selected \(selected)")
        }
    }

    final class Rows: UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        }
    }

    @Test func aTableViewSelectsThroughSetSelectedAndNothingCallsAwakeFromNib() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.register(NibCell.self, forCellReuseIdentifier: "cell")
        let rows = Rows()
        table.dataSource = rows
        table.reloadData()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? NibCell)
        cell.log = []
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        #expect(cell.isSelected && cell.log == ["selected true"])
        table.deselectRow(at: IndexPath(row: 1, section: 0), animated: true)
        #expect(!cell.isSelected && cell.log == ["selected true", "selected false"])
        cell.isSelected = true
        #expect(cell.log.last == "selected true", "the property goes through setSelected too")
        #expect(!cell.log.contains("awake"), "a cell made in code is never awoken from a nib")
    }
}
