import Foundation
import MsgHostCore
import MsgHostProtocol
import MsgHostShell

/// What the loop does to be watched: the wire tap, metrics, and the control requests the
/// shell answers itself (PROTOCOL.md §7.1).
extension EventLoop {
    /// The machine's answer to a message drained from a socket, shown on the wire tap when it
    /// came from an extension. Called only while someone taps or records (`isWatched`).
    func callTapped(_ source: HostEvent) -> [HostAction] {
        guard case .extensionMessage(let route, let frames, _) = source else { return self.driver.call(source) }
        _ = self.machine.takeRefusal()  // one left by a retried message, which is not shown again
        let actions = self.driver.call(source)
        // After the call, so that a hello's sender is known and a refusal is named.
        self.tap(frames, route: route, inbound: true, refusal: self.machine.takeRefusal())
        return actions
    }

    /// Pushes one message to every tap, and into the recording.
    func tap(_ frames: [[UInt8]], route: [UInt8], inbound: Bool, refusal: WireError?) {
        let time = self.clock.now().milliseconds
        if let recorder = self.recorder {
            let peer = self.inPlace { $0.peer(route: route) }.map {
                RecordingBuilder.Peer(device: $0.device, app: $0.app, pid: $0.pid)
            }
            recorder.builder.frame(frames, inbound: inbound, peer: peer, refusal: refusal, time: time)
        }
        guard self.wireTap.isActive else { return }
        let frame = self.wireTap.frame(
            frames, inbound: inbound, peer: self.inPlace { $0.peer(route: route) }, refusal: refusal, time: time)
        let body = WireJSON.encode(frame)
        self.metrics.tapped()
        for subscriber in self.wireTap.subscribers {
            let header = Header(id: self.makeShellMessageID(), type: "frame", replyTo: subscriber.requestID, time: time)
            if !self.sendControl(
                [subscriber.client] + Envelope(header: header, body: body).frames(signingWith: nil), tapFrame: true)
            {
                // The client left: its tap goes with it, so that a tap nobody reads any more
                // does not keep the daemon decoding every message.
                self.wireTap.unsubscribe(client: subscriber.client)
            }
        }
    }

    /// Answers a control request the machine handed to the shell.
    func serve(_ request: ShellControlRequest, client: [UInt8], requestID: String) {
        switch request {
        case .wireTap:
            _ = self.machine.takeRefusal()  // from before anyone tapped
            self.wireTap.subscribe(.init(client: client, requestID: requestID))
            self.replyControl(client: client, requestID: requestID, .ok(.empty))
        case .metrics:
            let text = self.metrics.render(
                depths: self.machine.queueDepths() + [
                    ("wiretap_subscribers", self.wireTap.subscribers.count), ("retries", self.retries.count),
                ])
            self.replyControl(client: client, requestID: requestID, .ok(.metrics(MetricsResult(text: text))))
        case .file(let url):
            do {
                let file = try self.attachments.serve(url: url)
                let result = FileResult(
                    mimeType: file.mimeType, size: file.bytes.count, data: Data(file.bytes).base64EncodedString())
                self.replyControl(client: client, requestID: requestID, .ok(.file(result)))
            } catch {
                self.replyControl(client: client, requestID: requestID, .error(error))
            }
        case .recording(let request):
            do {
                self.replyControl(client: client, requestID: requestID, .ok(try self.serveRecording(request)))
            } catch {
                self.replyControl(client: client, requestID: requestID, .error(error))
            }
        }
    }

    private func replyControl(client: [UInt8], requestID: String, _ body: ControlMessage.Body) {
        let header = Header(
            id: self.makeShellMessageID(), type: ReplyType.name, replyTo: requestID, time: self.clock.now().milliseconds
        )
        self.sendControl([client] + ControlCodec.frames(ControlMessage(header: header, body: body)), tapFrame: false)
    }

    /// A header id for a message the shell makes: `w<n>`, apart from the machine's `h<n>`, so
    /// ids stay unique for the daemon's life.
    private func makeShellMessageID() -> String {
        self.shellMessages += 1
        return "w\(self.shellMessages)"
    }
}
