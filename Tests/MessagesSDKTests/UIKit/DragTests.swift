import Foundation
import Testing

@testable import MessagesSDK

/// A drag on the screen (UIWindow+Drag.swift) is one touch that moves step by step: the view
/// under its start hears it began, moved and ended, unless a pan recognizer takes it past ten
/// points; a tap recognizer hears a drag only as short as a tap.
@MainActor @Suite struct DragTests {
    /// Records each raw touch it hears: phase, where, where before, and the touch itself.
    final class Pad: UIView {
        var log: [String] = []
        var touches: [UITouch] = []
        var times: [TimeInterval] = []

        private func note(_ name: String, _ touches: Set<UITouch>) {
            guard let touch = touches.first else { return }
            let (now, before) = (touch.location(in: self), touch.previousLocation(in: self))
            self.log.append("\(name) \(Int(now.x)),\(Int(now.y)) from \(Int(before.x)),\(Int(before.y)) \(touch.phase)")
            self.touches.append(touch)
            self.times.append(touch.timestamp)
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { self.note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { self.note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { self.note("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            self.note("cancelled", touches)
        }
    }

    static func window(pad frame: CGRect = CGRect(x: 50, y: 50, width: 200, height: 200)) -> (UIWindow, UIView, Pad) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let card = UIView(frame: window.bounds)
        window.addSubview(card)
        let pad = Pad(frame: frame)
        card.addSubview(pad)
        return (window, card, pad)
    }

    @Test func aDragIsOneTouchThatMovesEvenlyToItsEndAndLiftsThere() throws {
        let (window, _, pad) = Self.window()
        #expect(window.drag(from: CGPoint(x: 60, y: 60), to: CGPoint(x: 100, y: 80), steps: 4) == .touches(pad))
        #expect(
            pad.log == [
                "began 10,10 from 10,10 began",
                "moved 20,15 from 10,10 moved", "moved 30,20 from 20,15 moved", "moved 40,25 from 30,20 moved",
                "moved 50,30 from 40,25 moved",
                "ended 50,30 from 50,30 ended",
            ])
        let first = try #require(pad.touches.first)
        #expect(pad.touches.allSatisfy { $0 === first }, "the same UITouch from its beginning to its end")
        #expect(first.view === pad && first.window === window)
        let gaps = zip(pad.times.dropFirst(), pad.times).map { $0 - $1 }
        #expect(
            gaps.prefix(4).allSatisfy { abs($0 - 1.0 / 60) < 1e-9 } && gaps.last == 0,
            "moves a 60 Hz frame apart; the lift where the last move was")
        // The drag may leave the view it began in: the view keeps the touch.
        pad.log = []
        window.drag(from: CGPoint(x: 240, y: 240), to: CGPoint(x: 290, y: 10), steps: 1)
        #expect(
            pad.log == [
                "began 190,190 from 190,190 began", "moved 240,-40 from 190,190 moved",
                "ended 240,-40 from 240,-40 ended",
            ])
        // Steps are 1 to 100; a start on no view, or not a number, is nothing.
        pad.log = []
        window.drag(from: CGPoint(x: 60, y: 60), to: CGPoint(x: 70, y: 60), steps: 1000)
        #expect(pad.log.count == 102)
        #expect(window.drag(from: CGPoint(x: 400, y: 60), to: CGPoint(x: 70, y: 60), steps: 3) == .none)
        #expect(window.drag(from: CGPoint(x: 60, y: 60), to: CGPoint(x: CGFloat.nan, y: 60), steps: 3) == .none)
    }

    @Test func aPanRecognizerBeginsPastTenPointsAndCancelsTheViewsTouch() throws {
        let (window, card, pad) = Self.window()
        var states: [String] = []
        let pan = UIPanGestureRecognizer { recognizer in
            let pan = recognizer as! UIPanGestureRecognizer
            let (moved, speed, at) = (pan.translation(in: card), pan.velocity(in: card), pan.location(in: pad))
            states.append(
                "\(pan.state) by \(Int(moved.x)),\(Int(moved.y)) at \(Int(speed.x)),\(Int(speed.y))/s on \(Int(at.x)),\(Int(at.y))"
            )
        }
        card.addGestureRecognizer(pan)
        // Ten points a step: the first move is ten from the start, still a tap; the second is past.
        #expect(window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 140), steps: 4) == .recognized(pan))
        #expect(
            states == [
                "began by 0,20 at 0,600/s on 50,70", "changed by 0,30 at 0,600/s on 50,80",
                "changed by 0,40 at 0,600/s on 50,90",
                "ended by 0,40 at 0,600/s on 50,90",
            ])
        #expect(pan.state == .possible, "ready for the next touch")
        #expect(
            pad.log == [
                "began 50,50 from 50,50 began", "moved 50,60 from 50,50 moved", "cancelled 50,70 from 50,60 cancelled",
            ])
        // One that leaves the view its touches hears them all, and a short drag is no pan.
        (states, pad.log) = ([], [])
        pan.cancelsTouchesInView = false
        window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 130, y: 100), steps: 3)
        #expect(states.count == 3 && pad.log.count == 5 && pad.log.last == "ended 80,50 from 80,50 ended")
        (states, pad.log) = ([], [])
        #expect(window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 106, y: 108), steps: 5) == .touches(pad))
        #expect(states.isEmpty && pad.log.count == 7)
        // A disabled recognizer, or a tap, does not pan.
        pan.isEnabled = false
        window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 2)
        pan.isEnabled = true
        window.touch(at: CGPoint(x: 100, y: 100))
        #expect(states.isEmpty)
    }

    @Test func aHandlerThatZeroesTheTranslationHearsEachStepsMovement() {
        let (window, card, _) = Self.window()
        var steps: [CGPoint] = []
        let piece = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        card.addSubview(piece)
        piece.addGestureRecognizer(
            UIPanGestureRecognizer { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                let moved = pan.translation(in: card)
                steps.append(moved)
                piece.center = CGPoint(x: piece.center.x + moved.x, y: piece.center.y + moved.y)
                pan.setTranslation(.zero, in: card)
            })
        window.drag(from: CGPoint(x: 120, y: 120), to: CGPoint(x: 200, y: 180), steps: 4)
        // The first move is 25 points on: the pan begins there, and each move after is 20, 15.
        #expect(
            steps == [
                CGPoint(x: 20, y: 15), CGPoint(x: 20, y: 15), CGPoint(x: 20, y: 15), CGPoint(x: 20, y: 15), .zero,
            ])
        #expect(piece.center == CGPoint(x: 200, y: 180), "the piece followed the finger to where it lifted")
    }

    @Test func aTapRecognizerHearsADragOfTenPointsAtMost() {
        let (window, card, pad) = Self.window()
        var taps: [CGPoint] = []
        let tap = UITapGestureRecognizer { recognizer in taps.append(recognizer.location(in: card)) }
        pad.addGestureRecognizer(tap)
        #expect(window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 106, y: 108), steps: 2) == .recognized(tap))
        #expect(taps == [CGPoint(x: 106, y: 108)], "where the finger lifted")
        #expect(pad.log.last == "cancelled 56,58 from 56,58 cancelled", "the recognizer took the touch from the view")
        pad.log = []
        #expect(window.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 111, y: 100), steps: 2) == .touches(pad))
        #expect(taps.count == 1 && pad.log.last == "ended 61,50 from 61,50 ended")
    }
}
