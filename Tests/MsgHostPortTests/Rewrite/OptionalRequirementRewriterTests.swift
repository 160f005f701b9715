import MsgHostPort
import Testing

/// A delegate protocol's optional methods become requirements with defaults that do nothing,
/// and the calls that checked for them (`?(`, `!(`) plain calls.
struct OptionalRequirementRewriterTests {
    @Test func optionalMethodsGetDefaultsAndTheirCallsLoseTheCheck() {
        let source = """
            @objc public protocol PickerDelegate {
                @objc optional func picker(_: Picker, didPick date: Date)
                @objc optional func pickerTitle(_: Picker) -> String?
                func pickerDidCancel(_: Picker)
            }

            open class Picker {
                open var delegate: PickerDelegate?
                func tapped(_ date: Date) {
                    delegate?.picker?(self, didPick: date)
                    self.delegate?.picker!(self, didPick: date)
                    _ = delegate?.pickerTitle?(self)
                }
            }
            """
        let ported = Porting.port(source)
        #expect(
            ported.text == """
                public protocol PickerDelegate {
                    func picker(_: Picker, didPick date: Date)
                    func pickerTitle(_: Picker) -> String?
                    func pickerDidCancel(_: Picker)
                }

                extension PickerDelegate {
                    // What calling the optional method did when a conformer left it out: nothing.
                    public func picker(_: Picker, didPick date: Date) {}
                    public func pickerTitle(_: Picker) -> String? { nil }
                }

                open class Picker {
                    open var delegate: PickerDelegate?
                    func tapped(_ date: Date) {
                        delegate?.picker(self, didPick: date)
                        self.delegate?.picker(self, didPick: date)
                        _ = delegate?.pickerTitle(self)
                    }
                }
                """)
        let rewrites = ported.report.filter { $0.kind == .rewrite }.map(\.line)
        #expect(
            rewrites.contains(2) && rewrites.contains(3) && rewrites.contains(10) && rewrites.contains(11)
                && rewrites.contains(12))
        #expect(ported.report.allSatisfy { $0.kind != .couldNotPort })
    }

    @Test func anOptionalMethodWithAResultHasNoDefaultAndIsReported() {
        let source = """
            @objc protocol Sizing {
                @objc optional func height(for row: Int) -> CGFloat
            }
            """
        let ported = Porting.port(source)
        #expect(!ported.text.contains("extension Sizing"))
        #expect(
            ported.report.contains {
                $0.kind == .couldNotPort && $0.line == 2 && $0.why.contains("optional requirement")
            })
    }
}
