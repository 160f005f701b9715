import Foundation
import Testing

@testable import MessagesSDK

/// A table view as apps build one: rows stacked at their heights, built-in labels by style,
/// a tap that selects a row, and a scroll that moves the rows through the view.
@MainActor @Suite struct UITableViewTests {
    final class Flavours: NSObject, UITableViewDataSource, UITableViewDelegate {
        let names = ["Vanilla", "Chocolate", "Strawberry"]
        var chosen: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { self.names.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell =
                tableView.dequeueReusableCell(withIdentifier: "flavour")
                ?? UITableViewCell(style: .subtitle, reuseIdentifier: "flavour")
            cell.textLabel?.text = self.names[indexPath.row]
            cell.detailTextLabel?.text = "scoop \(indexPath.row + 1)"
            return cell
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            indexPath.row == 0 ? 60 : 44
        }
        func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            indexPath.row == 2 ? nil : indexPath
        }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            self.chosen.append(self.names[indexPath.row])
        }
    }

    @Test func rowsStackAndATapSelectsOneTheDelegateAllows() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 120))
        let table = UITableView(frame: window.bounds, style: .plain)
        let flavours = Flavours()
        table.dataSource = flavours
        table.delegate = flavours
        window.addSubview(table)
        window.layoutIfNeeded()
        #expect(
            table.visibleCells.map(\.frame) == [
                CGRect(x: 0, y: 0, width: 320, height: 60), CGRect(x: 0, y: 60, width: 320, height: 44),
                CGRect(x: 0, y: 104, width: 320, height: 44),
            ])
        #expect(table.contentSize.height == 148)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.detailTextLabel?.text == "scoop 2")
        window.touch(at: CGPoint(x: 100, y: 80))
        #expect(flavours.chosen == ["Chocolate"] && table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        // Scrolled by 40 points, the third row (104…148) is under y 70 of the window; the
        // delegate refuses to select it.
        table.contentOffset = CGPoint(x: 0, y: 40)
        window.touch(at: CGPoint(x: 100, y: 70))
        #expect(flavours.chosen == ["Chocolate"] && table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        // A tap scrolled onto the second row again selects it again.
        window.touch(at: CGPoint(x: 100, y: 30))
        #expect(flavours.chosen == ["Chocolate", "Chocolate"])
        // Reloaded: the cells come back through dequeueReusableCell, not made anew.
        let before = Set(table.visibleCells.map(ObjectIdentifier.init))
        table.reloadData()
        #expect(Set(table.visibleCells.map(ObjectIdentifier.init)) == before)
    }
}
