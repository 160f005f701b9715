import Foundation
import Testing

@testable import MessagesSDK

/// `UIStepper`, tapped on the screen as CalendarShare's guest count is.
@MainActor @Suite struct UIStepperTests {
    @Test func aTapOnAHalfStepsDownOrUpWithinTheRange() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.minimumValue = 1
        stepper.maximumValue = 3
        stepper.value = 2
        #expect(stepper.bounds.size == CGSize(width: 94, height: 29))
        var changes: [Double] = []
        stepper.addAction(UIAction { _ in changes.append(stepper.value) }, for: .valueChanged)
        window.addSubview(stepper)

        window.touch(at: CGPoint(x: 90, y: 20))  // the right half: +
        window.touch(at: CGPoint(x: 90, y: 20))  // at the maximum: no change, no event
        #expect(stepper.value == 3 && changes == [3])
        window.touch(at: CGPoint(x: 20, y: 20))  // the left half: −
        #expect(stepper.value == 2 && changes == [3, 2])
        #expect(ScreenCapture.items(in: window).first?.value == "2")

        stepper.wraps = true
        stepper.stepValue = 1
        window.touch(at: CGPoint(x: 20, y: 20))
        window.touch(at: CGPoint(x: 20, y: 20))  // below the minimum it wraps to the maximum
        #expect(stepper.value == 3 && changes == [3, 2, 1, 3])

        stepper.value = 50
        #expect(stepper.value == 3, "kept within the range")
        stepper.isEnabled = false
        window.touch(at: CGPoint(x: 20, y: 20))
        #expect(stepper.value == 3)
    }
}
