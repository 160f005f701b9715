import MCP
import MsgHostMCP
import Testing

/// `tapScreen`'s places: where a tap or a drag starts (a label, or x and y) and where a drag
/// ends (toLabel, or to), each refused before anything reaches the daemon when it is not one.
@Suite struct ToolRunnerTapScreenTests {
    typealias Place = ToolRunner.ScreenPlace

    @Test func aTapOrADragNamesEachPlaceOnce() throws {
        let point: [String: Value] = ["device": "d", "x": 1, "y": 2]
        #expect(try ToolRunner.screenPlaces(of: point) == (Place.point, nil))
        #expect(
            try ToolRunner.screenPlaces(of: ["device": "d", "label": "Piece", "to": ["x": 1, "y": 2]]) == (
                Place.label("Piece"), Place.point
            ))
        #expect(
            try ToolRunner.screenPlaces(of: point.merging(["toLabel": "Square"]) { $1 }) == (
                Place.point, Place.label("Square")
            ))
        // Only a drag that is all points goes to the daemon as it is.
        #expect(try ToolRunner.screenPlace(of: point.merging(["to": ["x": 3, "y": 4], "steps": 3]) { $1 }) == .point)
        #expect(try ToolRunner.screenPlace(of: point.merging(["toLabel": "Square"]) { $1 }) == .label("Square"))
    }

    @Test(
        arguments: [
            (
                ["device": "d", "x": 1, "y": 2, "to": ["x": 1, "y": 2], "toLabel": "Square"],
                "tapScreen: give to, or toLabel, not both"
            ),
            (
                ["device": "d", "x": 1, "y": 2, "to": ["x": 1, "y": 2], "long": true],
                "tapScreen: long: a drag (to, toLabel) is not a long press"
            ),
            (
                ["device": "d", "x": 1, "y": 2, "toLabel": "Square", "text": "hi"],
                "tapScreen: text: nothing is typed after a drag (to, toLabel)"
            ),
            (["device": "d", "x": 1, "y": 2, "steps": 4], "tapScreen: steps: only for a drag (to, toLabel)"),
        ] as [([String: Value], String)])
    func aDragThatIsAlsoATapIsRefused(arguments: [String: Value], problem: String) {
        do {
            _ = try ToolRunner.screenPlaces(of: arguments)
            Issue.record("\(arguments) passed")
        } catch let error as MCPError {
            #expect(error == MCPError.invalidParams(problem), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
