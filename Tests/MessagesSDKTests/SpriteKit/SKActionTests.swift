import Foundation
import Testing

@testable import MessagesSDK

/// Actions end as they start (there are no frames here, as `UIView.animate` ends at once), and
/// `run(_:completion:)` calls its completion on the main queue's next turn, after the code
/// that follows the `run` — the order it has on iOS.
@MainActor @Suite struct SKActionTests {
    /// Lets the main queue go round once: what was queued before runs first.
    static func nextTurn() async {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }

    @Test func eachActionLeavesTheNodeAsItsEndWould() {
        let node = SKSpriteNode(color: .red, size: CGSize(width: 10, height: 10))
        let move = SKAction.move(to: CGPoint(x: 30, y: 40), duration: 0.1)
        move.timingMode = .easeInEaseOut
        node.run(move)
        #expect(node.position == CGPoint(x: 30, y: 40))
        node.run(.move(by: CGVector(dx: -10, dy: 5), duration: 1))
        #expect(node.position == CGPoint(x: 20, y: 45))
        node.run(.fadeOut(withDuration: 1))
        #expect(node.alpha == 0)
        node.run(.fadeIn(withDuration: 1))
        #expect(node.alpha == 1)
        node.run(.fadeAlpha(to: 0.25, duration: 1))
        #expect(node.alpha == 0.25)
        node.run(.scale(to: 3, duration: 1))
        #expect(node.xScale == 3 && node.yScale == 3)
        node.run(.rotate(toAngle: .pi, duration: 1))
        #expect(node.zRotation == .pi)
        #expect(!node.hasActions())
    }

    @Test func sequencesGroupsWaitsBlocksAndRemoval() {
        let parent = SKNode()
        let node = SKNode()
        parent.addChild(node)
        var log: [String] = []
        let sequence = SKAction.sequence([
            .move(to: CGPoint(x: 1, y: 1), duration: 0.5),
            .wait(forDuration: 2),
            .run { log.append("block at \(node.position)") },
            .group([.fadeOut(withDuration: 1), .scale(to: 2, duration: 3)]),
            .removeFromParent(),
        ])
        #expect(sequence.duration == 5.5)
        node.run(sequence)
        #expect(log == ["block at CGPoint(x: 1.0, y: 1.0)"])
        #expect(node.alpha == 0 && node.xScale == 2)
        #expect(node.parent == nil && parent.children.isEmpty)
    }

    @Test func theCompletionComesOnTheNextTurnAfterTheCodeThatFollows() async {
        let node = SKNode()
        var log: [String] = []
        node.run(.move(to: CGPoint(x: 5, y: 5), duration: 0.1)) { log.append("completion at \(node.position)") }
        log.append("after run")
        #expect(node.position == CGPoint(x: 5, y: 5), "the move is over at once")
        await Self.nextTurn()
        #expect(log == ["after run", "completion at CGPoint(x: 5.0, y: 5.0)"])
    }

    @Test func hostileDurationsAndRepeatsEnd() {
        let node = SKNode()
        node.run(.repeat(.moveBy(x: 1, y: 0, duration: .nan), count: 3))
        #expect(node.position.x == 3)
        node.run(.repeat(.moveBy(x: 1, y: 0, duration: 1), count: -5))
        #expect(node.position.x == 3)
        #expect(SKAction.wait(forDuration: -1).duration == 0)
        node.run(.repeatForever(.rotate(byAngle: 1, duration: 1)))
        #expect(node.zRotation == 1, "repeatForever runs once: it would never end without frames")
    }
}
