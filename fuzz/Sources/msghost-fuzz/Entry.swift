import Foundation

/// SwiftPM links an executable with `main` renamed to `<module>_main` (`--defsym`), which
/// would hide libFuzzer's own `main`; this one hands over to libFuzzer's driver.
@_cdecl("msghost_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data!, size) }
}

/// libFuzzer's driver (compiler-rt's FuzzerInterface.h).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// libFuzzer's entry point. One binary holds every target (one link instead of ten); the
/// target is chosen by `MSGHOST_FUZZ_TARGET`, which `scripts/fuzz` sets.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzTarget.selected.run(input)
    return 0
}

/// The fuzz targets (docs/RELIABILITY.md, "Fuzzing"), each over the daemon's own code path.
enum FuzzTarget: String, CaseIterable {
    /// Frames from an extension connection: splitting, signature, replay window, hello.
    case envelope
    /// Every extension request body (and callback replies), acted on by the machine.
    case request
    /// Every control request, acted on by the machine.
    case control
    /// msghostd.yaml, loaded as `msghostd` loads it once it has read the file.
    case config
    /// An app manifest (config/apps/*.yaml).
    case manifest
    /// A world seed (config/world.yaml), loaded and applied.
    case seed
    /// Any bytes as every hot message: the hand-written codec must agree with Foundation.
    case codec
    /// Control frames typed by the control codec; what it reads, a client can write.
    case controlCodec = "control-codec"
    /// A recorded session file, read strictly; what it reads, written back, reads the same.
    case session
    /// msghost-mcp's tool arguments; what its check passes, the daemon's codec takes.
    case mcp

    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["MSGHOST_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("MSGHOST_FUZZ_TARGET must be one of \(names); got \"\(name)\"\n".utf8))
            exit(2)
        }
        return target
    }()

    func run(_ input: [UInt8]) {
        switch self {
        case .envelope: EnvelopeTarget.run(input)
        case .request: RequestTarget.run(input)
        case .control: ControlTarget.run(input)
        case .config: FileTargets.config(input)
        case .manifest: FileTargets.manifest(input)
        case .seed: FileTargets.seed(input)
        case .codec: CodecTarget.run(input)
        case .controlCodec: ControlCodecTarget.run(input)
        case .session: SessionTarget.run(input)
        case .mcp: MCPTarget.run(input)
        }
    }
}

extension [UInt8] {
    /// The parts of an input between record separators (0x1E): frames of one message, or
    /// messages of a sequence, so that the fuzzer can add, drop and reorder them.
    func records(max: Int) -> [[UInt8]] {
        self.split(separator: 0x1E, maxSplits: max - 1, omittingEmptySubsequences: false).map { [UInt8]($0) }
    }
}
