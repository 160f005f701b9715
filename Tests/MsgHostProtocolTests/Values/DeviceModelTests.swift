import Foundation
import MsgHostProtocol
import Testing

/// Device models and their screens: Apple's sizes, each screen one a device can have, and a
/// device written before models were (a session, a stored world) read as the default.
@Suite struct DeviceModelTests {
    @Test(arguments: DeviceModel.allCases)
    func everyModelsScreenPassesItsOwnCheck(_ model: DeviceModel) {
        #expect(model.screen.check() == nil, "\(model)")
        #expect(model.namedScreen.model == model)
        #expect(
            model.screen.compactHeight < model.screen.height / 2,
            "the compact app takes the keyboard's place, not half the screen")
    }

    @Test func theSizesAreApplesInPoints() {
        let sizes = DeviceModel.allCases.map { [$0.screen.width, $0.screen.height, $0.screen.scale] }
        #expect(sizes == [[375, 667, 2], [390, 844, 3], [393, 852, 3], [430, 932, 3], [820, 1180, 2]])
        #expect(DeviceModel.default == .iPhone14, "the screen every device had before models")
    }

    @Test func aDeviceWithoutAModelIsTheDefaultAndAnUnknownOneIsRefused() throws {
        let old = try JSONDecoder().decode(
            Device.self, from: Data(#"{"id":"k","owner":"kate","platform":"ios17"}"#.utf8))
        #expect(old.model == .iPhone14)
        let new = try JSONDecoder().decode(
            Device.self, from: Data(#"{"id":"k","owner":"kate","platform":"ios17","model":"iPad"}"#.utf8))
        #expect(new.model == .iPad)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Device.self, from: Data(#"{"id":"k","owner":"kate","platform":"ios17","model":"Nokia"}"#.utf8))
        }
    }

    @Test func aScreenWithANumberNoScreenHasSaysWhich() {
        var screen = DeviceModel.iPhone15.screen
        screen.height = .nan
        #expect(screen.check() == "height nan is out of range (1 to 4096)")
        screen = DeviceModel.iPhone15.screen
        screen.compactHeight = 900
        #expect(screen.check() == "compactHeight 900.0 is out of range (0 to 852.0)")
        screen = DeviceModel.iPhone15.screen
        screen.safeArea.left = 200
        screen.safeArea.right = 200
        #expect(screen.check() == "the safe area leaves nothing of the screen")
    }
}
