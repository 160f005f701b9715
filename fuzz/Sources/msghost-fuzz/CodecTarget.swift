import MsgHostProtocol

/// The hand-written codec against Foundation (Sources/MsgHostProtocol/Codec): any bytes, read
/// as every type that has a fast reader. Where the fast path reads a value, Foundation must
/// read the same one; and whatever Foundation reads, the fast writer must write byte for byte
/// as Foundation does. A disagreement is a crash, so libFuzzer keeps the input.
enum CodecTarget {
    static func run(_ input: [UInt8]) {
        self.agree(Header.self, input)
        self.agree(ReplyStatus.self, input)
        self.agree(InstanceBody.self, input)
        self.agree(HelloBody.self, input)
        self.agree(MessageValue.self, input)
        self.agree(ConversationValue.self, input)
        self.agree(JSONValue.self, input)
        self.agree(MessageRequestBody.self, input)
        self.agree(TouchRequest.self, input)
        self.write(MessageCallbackBody.self, input)
        self.write(TouchBody.self, input)
        self.write(ActivationBody.self, input)
    }

    static func agree<T: FastDecodable & FastEncodable & Equatable>(_ type: T.Type, _ input: [UInt8]) {
        self.read(type, input)
        self.write(type, input)
    }

    static func agree<T: FastDecodable & Equatable>(_ type: T.Type, _ input: [UInt8]) {
        self.read(type, input)
    }

    private static func read<T: FastDecodable & Equatable>(_ type: T.Type, _ input: [UInt8]) {
        guard let tree = JSONTree.parse(input), let fast = T(json: tree) else { return }
        let foundation = try? WireJSON.foundationDecode(T.self, from: input)
        if foundation != fast {
            fatalError(
                "\(T.self): the fast reader read \(fast), Foundation \(foundation.map { "\($0)" } ?? "an error")")
        }
    }

    static func write<T: FastEncodable & Decodable>(_ type: T.Type, _ input: [UInt8]) {
        guard let value = try? WireJSON.foundationDecode(T.self, from: input) else { return }
        let fast = WireJSON.encode(value)
        let foundation = WireJSON.foundationEncode(value)
        if fast != foundation {
            fatalError(
                "\(T.self): the fast writer wrote \(String(decoding: fast, as: UTF8.self)), Foundation \(String(decoding: foundation, as: UTF8.self))"
            )
        }
    }
}
