import Foundation
import Testing

@testable import MsgHostPort

/// Which pods a target links and where their files are, from what `pod install` leaves.
@Suite struct CocoaPodsTests {
    static let support = "Pods/Target Support Files"

    /// A project folder of these files (relative path → text).
    static func pods(_ files: [String: String], target: String = "MessagesExtension") -> CocoaPods {
        CocoaPods(target: target) { path in files[path].map { Data($0.utf8) } }
    }

    @Test func theTargetsFrameworksAreItsPodsWithTheirModulesAndUmbrellaImports() {
        let pods = Self.pods([
            "\(Self.support)/Pods-MessagesExtension/Pods-MessagesExtension.debug.xcconfig":
                "FRAMEWORK_SEARCH_PATHS = $(inherited)\nOTHER_LDFLAGS = $(inherited) -framework \"EPCalendarPicker\" -framework \"UIKit\" -l\"Charts\" // linked\n",
            "\(Self.support)/EPCalendarPicker/EPCalendarPicker.xcconfig":
                "PODS_TARGET_SRCROOT = ${PODS_ROOT}/EPCalendarPicker\n",
            "\(Self.support)/EPCalendarPicker/EPCalendarPicker.modulemap":
                "framework module EPCalendarPicker {\n  umbrella header \"EPCalendarPicker-umbrella.h\"\n}\n",
            "\(Self.support)/EPCalendarPicker/EPCalendarPicker-umbrella.h":
                "#ifdef __OBJC__\n#import <UIKit/UIKit.h>\n#endif\n",
            "\(Self.support)/Charts/Charts.xcconfig":
                "PODS_TARGET_SRCROOT = ${PODS_ROOT}/Charts\nPRODUCT_MODULE_NAME = ChartsKit\n",
        ])
        #expect(pods.report.isEmpty)
        #expect(
            pods.pods.map(\.name) == ["EPCalendarPicker", "Charts"],
            "UIKit has no folder of its own: a system framework")
        #expect(pods.pods.map(\.module) == ["EPCalendarPicker", "ChartsKit"])
        #expect(pods.pods.map(\.folder) == ["Pods/EPCalendarPicker", "Pods/Charts"])
        #expect(pods.pods.map(\.umbrellaImports) == [["UIKit"], []])
        let file = pods.pods[0].moduleFile(registers: true)
        #expect(file.contains("@_exported import UIKit") && file.contains("public enum EPCalendarPickerPod"))
        #expect(!pods.pods[1].moduleFile(registers: false).contains("enum"))
    }

    @Test func aPodfileWithoutItsPodsAndAPodOutsidePodsAreReported() {
        let missing = Self.pods(["Podfile": "target 'MessagesExtension' do\n  pod 'EPCalendarPicker'\nend\n"])
        #expect(missing.pods.isEmpty)
        #expect(missing.report.map(\.file) == ["Podfile"] && missing.report[0].kind == .couldNotPort)
        #expect(missing.report[0].why.contains("pod install"))
        let outside = Self.pods([
            "\(Self.support)/Pods-MessagesExtension/Pods-MessagesExtension.debug.xcconfig":
                "OTHER_LDFLAGS = -framework Local\n",
            "\(Self.support)/Local/Local.xcconfig": "PODS_TARGET_SRCROOT = ${PODS_ROOT}/../../Local\n",
        ])
        #expect(outside.pods.isEmpty && outside.report.first?.why.contains("outside Pods/") == true)
        #expect(Self.pods([:]).report.isEmpty, "no Podfile, no pods, nothing to say")
    }

    @Test func flagsSplitAsAShellSplitsThem() {
        #expect(
            CocoaPods.words(#"$(inherited) -framework "A B" -l"z" 'c'"#) == [
                "$(inherited)", "-framework", "A B", "-lz", "c",
            ])
        #expect(CocoaPods.linked(#"-ObjC -l"sqlite3" -framework "Pod" -framework"#) == ["sqlite3", "Pod"])
        #expect(CocoaPods.moduleName("framework module My_Pod {") == "My_Pod")
        #expect(CocoaPods.moduleName("module \"bad name\" {") == nil)
    }
}
