import Foundation

/// A message as it travels: header, body (JSON bytes) and binary frames, before or after
/// signing. The ROUTER identity frame is not part of it; the transport handles that.
public struct Envelope: Sendable, Hashable {
    public var header: Header
    /// The body's JSON bytes. Kept undecoded so that the receiver decodes it into the type
    /// that `header.type` calls for.
    public var body: [UInt8]
    public var buffers: [[UInt8]]

    public init(header: Header, body: [UInt8], buffers: [[UInt8]] = []) {
        self.header = header
        self.body = body
        self.buffers = buffers
    }

    /// Builds an envelope with `body` encoded as JSON.
    public init(header: Header, encoding body: some Encodable, buffers: [[UInt8]] = []) {
        self.init(header: header, body: WireJSON.encode(body), buffers: buffers)
    }

    /// Builds an envelope with `body` written by hand (`FastEncodable`).
    public init(header: Header, encoding body: some FastEncodable, buffers: [[UInt8]] = []) {
        self.init(header: header, body: WireJSON.encode(body), buffers: buffers)
    }

    /// Decodes the body as `T`, read by hand where it can be (`FastDecodable`).
    public func decodeBody<T: FastDecodable>(_ type: T.Type) throws(WireError) -> T {
        try Self.namingTheBody { () throws(WireError) in try WireJSON.decode(type, from: self.body) }
    }

    /// Decodes the body as `T`, turning decoding failures into an `invalidBody` error that
    /// names the offending field.
    public func decodeBody<T: Decodable>(_ type: T.Type) throws(WireError) -> T {
        try Self.namingTheBody { () throws(WireError) in try WireJSON.decode(type, from: self.body) }
    }

    /// A body that is not JSON at all is a malformed frame 3.
    private static func namingTheBody<T>(_ decode: () throws(WireError) -> T) throws(WireError) -> T {
        do {
            return try decode()
        } catch
            where error.code == ProtocolErrorCode.malformedFrame.rawValue && error.domain == ProtocolErrorCode.domain
        {
            throw .protocolError(.malformedFrame, "body (frame 3): \(error.description)")
        }
    }

    /// The frames to send: tag, signature (empty without a key), header, body, buffers.
    public func frames(signingWith key: [UInt8]?) -> [[UInt8]] {
        self.frames(preparedKey: key.map(SigningKey.init))
    }

    /// The frames to send, signed with a prepared key (`SigningKey`).
    public func frames(preparedKey key: SigningKey?) -> [[UInt8]] {
        let header = WireJSON.encode(self.header)
        var frames: [[UInt8]] = []
        frames.reserveCapacity(4 + self.buffers.count)
        frames.append(WireVersion.tagBytes)
        frames.append([])
        frames.append(header)
        frames.append(self.body)
        frames.append(contentsOf: self.buffers)
        if let key {
            var signed = frames
            signed.remove(at: 1)
            frames[1] = key.sign(signed)
        }
        return frames
    }
}

/// Frames received, split but not yet trusted: the signature must be checked with the key
/// that belongs to the connection before anything in them is acted on.
public struct ReceivedFrames: Sendable {
    public let signature: [UInt8]
    /// Every frame but the signature, in order: what the signature covers.
    public let signedFrames: [[UInt8]]
    public let header: Header

    /// Splits and sanity-checks frames; throws `malformedFrame`/`unsupportedVersion` naming
    /// what is wrong. Does not verify the signature. A frame longer than `maxFrameBytes`
    /// (config `limits.maxFrameBytes`) is `malformedFrame` too: the whole message is dropped,
    /// the connection stays (PROTOCOL.md §2.4).
    public init(_ frames: [[UInt8]], maxFrameBytes: Int = .max) throws(WireError) {
        if let index = frames.firstIndex(where: { $0.count > maxFrameBytes }) {
            throw .protocolError(
                .malformedFrame,
                "frame \(index) is \(frames[index].count) bytes; at most \(maxFrameBytes) (limits.maxFrameBytes)")
        }
        guard frames.count >= 4 else {
            throw .protocolError(
                .malformedFrame, "expected at least 4 frames (tag, signature, header, body), got \(frames.count)")
        }
        guard frames.count <= WireLimits.maxFrames else {
            throw .protocolError(.malformedFrame, "\(frames.count) frames; at most \(WireLimits.maxFrames) are allowed")
        }
        guard frames[0] == WireVersion.tagBytes else {
            if frames[0].starts(with: Array("MSGHOST/".utf8)) {
                throw .protocolError(
                    .unsupportedVersion,
                    "version tag \(String(decoding: frames[0], as: UTF8.self)) is not \(WireVersion.tag)")
            }
            throw .protocolError(.malformedFrame, "frame 0 is not the version tag \(WireVersion.tag)")
        }
        guard frames[2].count <= WireLimits.maxHeaderBytes else {
            throw .protocolError(
                .malformedFrame, "header is \(frames[2].count) bytes; at most \(WireLimits.maxHeaderBytes)")
        }
        let header: Header
        do {
            header = try WireJSON.decode(Header.self, from: frames[2])
        } catch {
            throw .protocolError(.malformedFrame, "header: \(error.description)")
        }
        guard (1...WireLimits.maxHeaderIDLength).contains(header.id.count) else {
            throw .protocolError(.malformedFrame, "header.id must be 1 to \(WireLimits.maxHeaderIDLength) characters")
        }
        guard
            frames[3].first == UInt8(ascii: "{")
                || frames[3].drop(while: { $0 == 0x20 || $0 == 0x0a || $0 == 0x09 || $0 == 0x0d }).first
                    == UInt8(ascii: "{")
        else {
            throw .protocolError(.malformedFrame, "body (frame 3) must be a JSON object")
        }
        self.signature = frames[1]
        self.signedFrames = [frames[0]] + frames[2...]
        self.header = header
    }

    /// The header `id` of frames that were refused, if frame 2 can be read as a header at all,
    /// so that every error reply to a message whose header parsed names it in `replyTo`
    /// (PROTOCOL.md §3), whatever else was wrong with the message. A header frame of a
    /// megabyte or more is not read for it.
    public static func readableID(in frames: [[UInt8]]) -> String? {
        guard frames.count >= 3, frames[2].count < 1 << 20,
            let header = try? WireJSON.decode(Header.self, from: frames[2]),
            (1...WireLimits.maxHeaderIDLength).contains(header.id.count)
        else { return nil }
        return header.id
    }

    public func verify(key: [UInt8]) -> Bool {
        Signature.verify(self.signature, frames: self.signedFrames, key: key)
    }

    public func verify(key: SigningKey) -> Bool {
        key.verify(self.signature, frames: self.signedFrames)
    }

    public var envelope: Envelope {
        Envelope(header: self.header, body: self.signedFrames[2], buffers: Array(self.signedFrames.dropFirst(3)))
    }
}
