import MsgHostProtocol

/// Every tool msghost-mcp offers, in the order `tools/list` gives them. The arguments of a
/// tool with a `command` are that control command's (docs/schema/control.COMMAND.schema.json;
/// `ToolSchemaTests` compares them); descriptions say what a model needs to use them well.
public enum ToolCatalog {
    // Arguments most tools share.
    static let device = Parameter("device", .string(), "A device id, as `world` lists it (e.g. kate-iphone).")
    static let conversation = Parameter(
        "conversation", .string(), "A conversation id, as `world` lists it (e.g. kate-john).")
    static let app = Parameter("app", .string(), "An app's bundle id, as `world` lists it (e.g. com.example.icecream).")
    static let person = Parameter("person", .string(), "A person's handle (e.g. john@example.com).")
    static let entry = Parameter(
        "entry", .integer(minimum: 1), "An entry id (the number in brackets before a transcript entry, `[3]`).")

    public static let all: [ToolSpec] = world + actions + time + observation + recording

    public static func named(_ name: String) -> ToolSpec? { all.first { $0.name == name } }

    static let world: [ToolSpec] = [
        ToolSpec(
            "world", command: .world, .world, readOnly: true,
            "The emulated world: people (handle, name), devices (id, owner, platform, model), conversations (id, members), apps and installs.",
            []),
        ToolSpec(
            "createPerson", command: .createPerson, .world, "Adds a person with an iMessage handle and a display name.",
            [
                Parameter("handle", .string(), "Their iMessage handle, e.g. amber@example.com."),
                Parameter("name", .string(), "Their display name (what others' devices show for them by default)."),
            ]),
        ToolSpec(
            "createDevice", command: .createDevice, .world, "Adds a device owned by a person.",
            [
                Parameter("id", .string(), "The new device's id (e.g. amber-iphone)."),
                Parameter("owner", .string(), "The owner's handle."),
                Parameter(
                    "platform", .oneOf(Platform.allCases.map(\.rawValue)), required: false,
                    "ios17 (default), ios11, ios10, macos, watchos or legacy: older platforms render live layouts as their template.",
                    default: "ios17"),
                Parameter(
                    "model", .oneOf(DeviceModel.allCases.map(\.rawValue)), required: false,
                    "The hardware, which gives its apps their screen: iPhoneSE, iPhone14 (default), iPhone15, iPhone15ProMax or iPad.",
                    default: "iPhone14"),
            ]),
        ToolSpec(
            "createConversation", command: .createConversation, .world,
            "Starts a conversation between two or more people.",
            [
                Parameter("members", .array(of: .string(), minItems: 2), "The members' handles (at least 2)."),
                Parameter("id", .string(), required: false, "The conversation's id (default: one is made)."),
            ]),
        ToolSpec(
            "installApp", command: .installApp, .world,
            "Installs an app on a device (a new install: new participant identifiers).", [device, app]),
        ToolSpec(
            "uninstallApp", command: .uninstallApp, .world,
            "Uninstalls an app from a device (its extension is stopped, its container deleted).", [device, app]),
        ToolSpec(
            "participants", command: .participants, .world, readOnly: true,
            "The participant identifiers (UUIDs) an install sees for each person: what `$<uuid>` in the app's texts stands for.",
            [device, app]),
        ToolSpec(
            "contact", command: .contact, .world,
            "Sets the name a device shows for a person (its contact book); no name: their display name.",
            [
                device, person,
                Parameter(
                    "name", .nullable(.string(minLength: nil)), required: false,
                    "The contact name (null or left out: the person's display name)."),
            ]),
        ToolSpec(
            "addMember", command: .addMember, .action,
            "Adds a person to a conversation (a group change: they get only what is sent from now on).",
            [conversation, person]),
        ToolSpec(
            "removeMember", command: .removeMember, .action,
            "Removes a person from a conversation (an app open there on their devices is dismissed).",
            [conversation, person]),
        ToolSpec(
            "reset", command: .reset, .world, "Lifts an app's quarantine on a device (after it crashed too often).",
            [device, app]),
        ToolSpec(
            "memoryPressure", command: .memoryPressure, .world,
            "The device runs short of memory, as iOS does, for the app's running extension: warning sends it didReceiveMemoryWarning; critical ends it at once (reason memoryPressure), to be launched cold when next needed.",
            [
                device, app, Parameter("level", .oneOf(["warning", "critical"]), "warning or critical."),
            ]),
    ]

    static let actions: [ToolSpec] = [
        ToolSpec(
            "show", command: .show, .action,
            "The user shows a conversation on a device (or, without one, the conversation list). Expiring messages start their clock when shown.",
            [
                device,
                Parameter(
                    "conversation", .nullable(.string()), required: false,
                    "The conversation to show; null or left out: the conversation list."),
            ]),
        ToolSpec(
            "open", command: .open, .action,
            "The user opens an app from a device's app drawer in a conversation: the extension starts compact (a cold start if it was not running).",
            [device, conversation, app]),
        ToolSpec(
            "touch", command: .touch, .action,
            "The user touches the app open on a device: its extension gets a touch callback with the payload, and may then send once (Messages' rule: one touch, one direct send).",
            [
                device,
                Parameter(
                    "payload", .any, required: false,
                    "Any JSON the touch callback carries to the extension (e.g. {\"sends\": 2} for the raw Python example)."
                ),
            ]),
        ToolSpec(
            "activate", command: .activate, .action,
            "The user presses a button of the view the open app declared (its id as `view` or a screen shows it), with what they typed or picked in its inputs: a user touch with the button's payload.",
            [
                device,
                Parameter("button", .string(), "The button's id (shown as `[Title] button ID`)."),
                Parameter(
                    "fields", .map(of: .string(minLength: nil, maxLength: 4096)), required: false,
                    "Input values by input id: a text field's text, a choice's option id, a toggle's \"true\"/\"false\", a date in its mode's format."
                ),
            ]),
        ToolSpec(
            "tapScreen", command: .tapScreen, .action,
            "The user taps the open app's own screen (a `screen` in its view, drawn from its UIKit views) on the item with a label (\"Send\", \"A cone\") or at a point, or presses there, then types text into what the tap focused: a user touch the app's views answer. `screen` lists what is on it, labels and frames. Give label, or x and y. With to (a point) or toLabel (an item's centre) the finger drags from there to it instead, as a piece is moved in a game: one user touch.",
            [
                device,
                Parameter(
                    "label", .string(minLength: 1, maxLength: 4096), required: false,
                    "The label of the item to tap at its centre, exactly as `screen` shows it in brackets."),
                Parameter(
                    "x", .number(minimum: 0), required: false,
                    "Points from the screen's left edge (with y, instead of label)."),
                Parameter(
                    "y", .number(minimum: 0), required: false,
                    "Points from the screen's top edge (with x, instead of label)."),
                Parameter("long", .boolean, required: false, "true: a long press (default false); not with a drag."),
                Parameter(
                    "text", .string(minLength: nil, maxLength: 4096), required: false,
                    "Typed after the tap into what it focused (a text field); a newline is the return key. Not with a drag."
                ),
                Parameter(
                    "to",
                    .object([
                        Parameter("x", .number(minimum: 0), "Points from the screen's left edge."),
                        Parameter("y", .number(minimum: 0), "Points from the screen's top edge."),
                    ]), required: false, "Drag to this point instead of tapping (or toLabel)."),
                Parameter(
                    "toLabel", .string(minLength: 1, maxLength: 4096), required: false,
                    "Drag to the centre of the item with this label instead of tapping (or to)."),
                Parameter(
                    "steps", .integer(minimum: 1, maximum: 100), required: false,
                    "How many moves the drag makes on its way, evenly spaced (default 10)."),
            ]),
        ToolSpec(
            "typeText", command: .typeText, .action,
            "The user types text into a device's input field in a conversation (replacing what was typed).",
            [
                device, conversation, Parameter("text", .string(minLength: nil), "The text."),
            ]),
        ToolSpec(
            "send", command: .send, .action,
            "The user taps Send on a device: the staged item (or the typed text) is sent to the conversation.",
            [device, conversation]),
        ToolSpec(
            "cancel", command: .cancel, .action,
            "The user deletes the staged item from a device's input field (the app gets didCancelSending).",
            [device, conversation]),
        ToolSpec(
            "tap", command: .tap, .action,
            "The user taps a transcript entry (a bubble): an app's bubble opens the app expanded on it (selectedMessage).",
            [device, conversation, entry]),
        ToolSpec(
            "chevron", command: .chevron, .action,
            "The user taps the chevron of the app open on a device: compact ⇄ expanded.", [device]),
        ToolSpec(
            "close", command: .close, .action,
            "The user closes the app open on a device (it resigns, and its extension is terminated when idle).",
            [device]),
        ToolSpec(
            "keep", command: .keep, .action, "The user keeps an expiring message on a device, so it does not expire.",
            [device, conversation, entry]),
        ToolSpec(
            "delivery", command: .delivery, .action,
            "Sets how messages reach a device from now on: a latency, and whether they are held until `release`.",
            [
                device,
                Parameter(
                    "latencyMs", .nullable(.integer(minimum: 0, maximum: 86_400_000)), required: false,
                    "Delivery delay in ms (0 to 86,400,000)."),
                Parameter(
                    "hold", .nullable(.boolean), required: false,
                    "true holds messages to the device until release; false stops holding."),
            ]),
        ToolSpec(
            "release", command: .release, .action,
            "Delivers the messages held for a device, in the order sent, reversed, or as listed (a group race).",
            [
                device,
                Parameter(
                    "order", .nullable(.oneOf(["sent", "reverse"])), required: false, "sent (default) or reverse."),
                Parameter(
                    "messages", .nullable(.array(of: .string(minLength: nil))), required: false,
                    "Held message ids (from `held`), in the order to deliver them."),
            ]),
        ToolSpec(
            "stickers", command: .stickers, .action,
            "The user opens the sticker drawer over the app open on a device: the app's stickers, by index.", [device]),
        ToolSpec(
            "chooseSticker", command: .chooseSticker, .action,
            "The user taps a sticker of the open drawer into the input field, or peels it onto a bubble (`onto`), which sends it.",
            [
                device,
                Parameter("sticker", .integer(minimum: 0, maximum: 255), "The sticker's index (from `stickers`)."),
                Parameter("onto", .integer(minimum: 1), required: false, "An entry id to peel it onto."),
            ]),
        ToolSpec(
            "openParentApp", command: .openParentApp, .action,
            "Brings an app's parent (containing) app to a device's foreground.", [device, app]),
        ToolSpec(
            "closeParentApp", command: .closeParentApp, .action,
            "Closes the parent app in a device's foreground (a compose sheet it presented is cancelled).", [device]),
        ToolSpec(
            "compose", command: .compose, .action,
            "The user sends or cancels the compose sheet a parent app presented on a device.",
            [
                device, Parameter("action", .oneOf(["send", "cancel"]), "send or cancel."),
            ]),
    ]

    static let time: [ToolSpec] = [
        ToolSpec(
            "advanceClock", command: .advanceClock, .time,
            "Advances the daemon's manual clock (only a daemon on --clock manual): what falls due (deliveries, expiry, idle terminations) happens before the answer.",
            [
                Parameter(
                    "milliseconds", .integer(minimum: 0, maximum: 3_155_760_000_000), "How far, in ms (0 to 100 years)."
                )
            ]),
        ToolSpec(
            "settle", command: .settle, .time,
            "Waits until nothing is in flight: every callback acknowledged, every due delivery arrived.", []),
    ]

    static let observation: [ToolSpec] = [
        ToolSpec(
            "screen", command: nil, .observation, readOnly: true,
            "What a device shows, as text: each of its conversations' newest transcript entries (with its own contact names; each image by its size and accessibility label), the input field and staged item, and the open app's declared view (texts, buttons with their ids, inputs). With images, the images themselves follow as image content.",
            [
                Parameter(
                    "device", .string(minLength: 1, maxLength: 4096),
                    "A device id, as `world` lists it (e.g. kate-iphone)."),
                Parameter(
                    "conversation", .string(minLength: 1, maxLength: 4096), required: false,
                    "Only this conversation (default: every conversation of the device's owner)."),
                Parameter(
                    "images", .boolean, required: false,
                    "true: also return each image the screen shows (bubbles, stickers, image attachments) as image content, in the order the text names them (default false)."
                ),
                Parameter(
                    "identifiers", .boolean, required: false,
                    "true: also show each bubble's sender as this device's install of the app sees them (a participant UUID, different on every device; default false)."
                ),
            ]),
        ToolSpec(
            "transcript", command: .transcript, .observation, readOnly: true,
            "A page of a device's transcript of a conversation, newest last, drawn as text (each entry's id in brackets, each image by its size and accessibility label; `screen` with images returns the images).",
            [
                device, conversation,
                Parameter(
                    "limit", .integer(minimum: 1, maximum: 1000), required: false,
                    "How many of the newest entries (1 to 1,000, default 50)."),
                Parameter(
                    "before", .integer(minimum: 1), required: false,
                    "Only entries older than this entry id (to page back)."),
            ]),
        ToolSpec(
            "view", command: .view, .observation, readOnly: true,
            "The view the app open on a device declared: texts, images, buttons with their ids, inputs with their values.",
            [device]),
        ToolSpec(
            "inputField", command: .inputField, .observation, readOnly: true,
            "A device's input field in a conversation: the typed text and the staged item.", [device, conversation]),
        ToolSpec(
            "events", command: .events, .observation, readOnly: true,
            "The daemon's event log after a sequence number: sends, refusals with Apple's code and name (9 sendWithoutRecentInteraction), deliveries, launches, terminations.",
            [
                Parameter(
                    "after", .integer(minimum: 0), required: false,
                    "Only events with a larger sequence number (the `next` of an earlier answer).")
            ]),
        ToolSpec(
            "held", command: .held, .observation, readOnly: true,
            "The messages held for a device (see `delivery`), in arrival order.",
            [
                Parameter("device", .string(minLength: nil), "A device id, as `world` lists it.")
            ]),
        ToolSpec(
            "status", command: .status, .observation, readOnly: true,
            "The daemon (pid, clock, uptime), its extension processes and their state, counters and quarantines.", []),
        ToolSpec(
            "composeSheet", command: .composeSheet, .observation, readOnly: true,
            "The parent app in a device's foreground and the compose sheet it presented, if any.", [device]),
        ToolSpec(
            "metrics", command: .metrics, .observation, readOnly: true, "The daemon's metrics, Prometheus text format.",
            []),
        ToolSpec(
            "file", command: .file, .observation, readOnly: true,
            "A file the daemon gave out (a bubble's image, a sticker, an attachment) by its file:// URL; an image is answered as an image.",
            [
                Parameter("url", .string(minLength: 1, maxLength: 4096), "The file:// URL.")
            ]),
    ]

    static let recording: [ToolSpec] = [
        ToolSpec(
            "startRecording", command: .startRecording, .recording,
            "Starts recording a session: the world as it is now, then every action of any client, with what it caused (docs/RECORDING.md).",
            []),
        ToolSpec(
            "stopRecording", command: .stopRecording, .recording,
            "Stops the recording; the session is kept for `recording`, `saveRecording`, until the next one starts.", []),
        ToolSpec(
            "recording", command: .recording, .recording, readOnly: true,
            "A page of the last stopped recording's session file (JSON lines).",
            [
                Parameter("from", .integer(minimum: 0), required: false, "The first line's index (default 0)."),
                Parameter(
                    "limit", .integer(minimum: 1, maximum: 10000), required: false,
                    "How many lines (1 to 10,000, default 1,000)."),
            ]),
        ToolSpec(
            "saveRecording", command: nil, .recording,
            "Writes the last stopped recording to a session file (as `msghostctl record stop --output`).",
            [
                Parameter(
                    "path", .string(minLength: 1, maxLength: 4096),
                    "Where to write the session (JSON lines); replaced whole.")
            ]),
        ToolSpec(
            "replay", command: nil, .recording,
            "Replays a session file against a fresh daemon with today's extensions (`msghostctl replay`): no divergence, or the first step and device that differ.",
            [
                Parameter("file", .string(minLength: 1, maxLength: 4096), "The session file."),
                Parameter(
                    "until", .integer(minimum: 1, maximum: 1_000_000), required: false,
                    "Stop after this step and leave that daemon running (its endpoint is in the answer)."),
                Parameter(
                    "apps", .string(minLength: 1, maxLength: 4096), required: false,
                    "A folder of app manifests to use instead of the session's (e.g. config/apps)."),
            ]),
        ToolSpec(
            "explore", command: nil, .recording,
            "Plays random but legal users against a fresh daemon of a world file and apps folder (`msghostctl explore`), chosen by a seed: the findings (crashes, missed deadlines, refused sends, a screen lost across a termination, a failed invariant) as text, shrunk to a smallest run, and that run's session.",
            [
                Parameter(
                    "world", .string(minLength: 1, maxLength: 4096), "The world file (config/world.yaml's form)."),
                Parameter(
                    "apps", .string(minLength: 1, maxLength: 4096),
                    "The folder of the apps' manifests (config/apps' form)."),
                Parameter(
                    "seed", .integer(minimum: 0, maximum: Int64.max), required: false,
                    "The seed (default 1): the same seed makes the same run."),
                Parameter(
                    "steps", .integer(minimum: 1, maximum: 1_000_000), required: false, "The most steps (default 200)."),
                Parameter(
                    "app", .string(minLength: 1, maxLength: 256), required: false,
                    "Only this app of the world (its bundle id)."),
                Parameter(
                    "weights", .string(minLength: 1, maxLength: 1024), required: false,
                    "How often each kind of step is chosen: open=3,reinstall=0 …"),
                Parameter(
                    "invariants", .string(minLength: 1, maxLength: 4096), required: false,
                    "A Python file of invariant_… functions called after every step."),
                Parameter(
                    "output", .string(minLength: 1, maxLength: 4096), required: false,
                    "Where to write the session (default: a temporary file, named in the answer)."),
            ]),
        ToolSpec(
            "exportTest", command: nil, .recording,
            "Writes a session file as a test (`msghostctl export-test`): a pytest module or a Swift Testing file that asserts what each device showed after each step.",
            [
                Parameter("file", .string(minLength: 1, maxLength: 4096), "The session file."),
                Parameter(
                    "language", .oneOf(["python", "swift"]),
                    "python (pytest, the msghost_daemon fixture) or swift (MsgHostTesting's TestDaemon)."),
                Parameter(
                    "output", .string(minLength: 1, maxLength: 4096), required: false,
                    "Where to write it (default: the answer holds it)."),
                Parameter(
                    "name", .string(minLength: 1, maxLength: 128), required: false,
                    "The test's name (default: from the file's name)."),
            ]),
    ]
}
