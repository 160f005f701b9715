import Foundation
import Testing

@testable import MessagesSDK

/// Row updates and scrolling, as an app adding a row to a list and showing it does.
@MainActor @Suite struct UITableViewUpdatesTests {
    final class Rows: UITableViewDataSource {
        var titles = (1...10).map { "row \($0)" }
        var asked: [Int] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { self.titles.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            self.asked.append(indexPath.row)
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = self.titles[indexPath.row]
            return cell
        }
    }

    @Test func anInsertedRowIsShownAndScrolledTo() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 220))
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let rows = Rows()
        table.dataSource = rows
        table.reloadData()
        #expect(table.contentSize.height == 440)

        rows.titles.append("row 11")
        table.insertRows(at: [IndexPath(row: 10, section: 0)], with: .automatic)
        #expect(table.numberOfRows(inSection: 0) == 11 && table.contentSize.height == 484)
        table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .bottom, animated: true)
        #expect(abs(table.contentOffset.y - 264) < 0.001, "the last row's bottom at the table's: 484 - 220")
        table.scrollToRow(at: IndexPath(row: 2, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 88)
        table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .middle, animated: false)
        #expect(table.contentOffset.y == 0, "clamped to the top of the content")

        rows.titles[4] = "changed"
        rows.asked = []
        table.reloadRows(at: [IndexPath(row: 4, section: 0)], with: .fade)
        #expect(rows.asked == [4])
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.textLabel?.text == "changed")
        #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.frame.minY == 176)

        table.selectRow(at: IndexPath(row: 9, section: 0), animated: false, scrollPosition: .top)
        #expect(abs(table.contentOffset.y - 264) < 0.001)
    }
}
