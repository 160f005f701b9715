import Foundation
import MsgHostProtocol

/// What the explorer can do in one step, each as the user (or the admin) would through the
/// control API, so that a recording of the run holds every step and `msghostctl replay` plays it.
enum ExploreKind: String, CaseIterable, Sendable {
    /// Open an installed app from a device's drawer, in a conversation of its owner.
    case open
    case close
    /// Expand or compact the open app.
    case chevron
    /// Activate a button of the open app's view (`setView`), with generated text in its fields.
    case activate
    /// Tap an item of the open app's own screen (a UIKit view tree).
    case tapScreen
    /// Tap Send on the device's input field, when something is in it.
    case send
    /// Delete what is staged in the input field.
    case cancel
    /// Tap a bubble of a transcript, old ones too.
    case tapBubble
    /// Move the manual clock: a little, or past the idle timeout (the app is terminated, and the
    /// next open launches it cold).
    case advanceClock
    /// Uninstall the app and install it again: new participant identifiers.
    case reinstall
    /// Hold the messages to a device, to release them later.
    case hold
    /// Let a device's held messages arrive, in the order sent or reversed, and stop holding.
    case release
    /// Add a person to a conversation, or remove one from a group of more than two.
    case member
    /// The device short of memory for a running app (control `memoryPressure`): a memory
    /// warning, or its process ended at once, to be launched cold next. Off unless weighted:
    /// a warning carries the process's resident memory, which differs from run to run, so a
    /// run with it is not the same bytes twice.
    case memory

    /// How often each is chosen unless `--weights` says otherwise.
    static let defaultWeights: [ExploreKind: Int] = [
        .open: 6, .close: 2, .chevron: 2, .activate: 8, .tapScreen: 8, .send: 5, .cancel: 1,
        .tapBubble: 4, .advanceClock: 3, .reinstall: 1, .hold: 2, .release: 2, .member: 1, .memory: 0,
    ]

    /// `open=3,reinstall=0`: the weights given, over the defaults. A name that is no kind, or a
    /// weight outside 0…1000, is an error naming it.
    static func weights(_ text: String?) throws(ExploreError) -> [ExploreKind: Int] {
        var weights = Self.defaultWeights
        guard let text, !text.isEmpty else { return weights }
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, let kind = ExploreKind(rawValue: pair[0]) else {
                throw ExploreError(
                    "--weights: \(part) is not KIND=WEIGHT with KIND one of \(ExploreKind.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            guard let weight = Int(pair[1]), (0...1_000).contains(weight) else {
                throw ExploreError(
                    "--weights: the weight of \(pair[0]) must be a whole number from 0 to 1000, not \(pair[1])")
            }
            weights[kind] = weight
        }
        return weights
    }
}

/// One step the explorer took: the control requests it made (one, or two for a reinstall),
/// described for the report.
struct ExploreStep: Hashable, Sendable {
    struct Request: Hashable, Sendable {
        var command: ControlCommand
        var body: [UInt8]
    }

    /// A bubble to tap, by its place among the app bubbles of a transcript counted from the
    /// newest (0): which entry that is is read as the step is taken, so that the step means the
    /// same in a shorter run (the shrinker's), where the entries have other ids (and, with fewer
    /// bubbles, is the oldest there is).
    struct Bubble: Hashable, Sendable {
        var device: String
        var conversation: String
        var fromNewest: Int
        var app: String?
    }

    /// The app an `open` step opens, where.
    struct Opened: Hashable, Sendable {
        var device: String
        var app: String
        var conversation: String
    }

    var kind: ExploreKind
    var requests: [Request]
    var bubble: Bubble? = nil
    /// The device the step acts on (a hold or release: whose messages).
    var device: String? = nil
    var opened: Opened? = nil
    /// How far an `advanceClock` step moves the clock.
    var milliseconds: Int64 = 0
    /// The app whose process a `memory` step ends (critical pressure).
    var ends: String? = nil
    /// `open com.example.lemonade on kate-iphone in kate-john`.
    var summary: String
}

/// A reason the run cannot start or go on, said to the user (exit status 2).
struct ExploreError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
