import Foundation
import Testing

@testable import MessagesSDK

/// What a change of the content inset does to where a scroll view rests.
@MainActor @Suite struct UIScrollViewTests {
    @Test func aViewRestingAtTheStartStaysAtTheStartOfANewInset() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 130))
        scroll.contentSize = CGSize(width: 1_300, height: 130)
        // Apple's IceCreamBuilder centres its first item so: half the width less an item's.
        scroll.contentInset = UIEdgeInsets(top: 0, left: 130, bottom: 0, right: 130)
        #expect(scroll.contentOffset == CGPoint(x: -130, y: 0))
        scroll.contentInset.top = 20
        #expect(scroll.contentOffset == CGPoint(x: -130, y: -20))
        // Scrolled away from the start, it stays where it is.
        scroll.contentOffset = CGPoint(x: 200, y: 0)
        scroll.contentInset.left = 10
        #expect(scroll.contentOffset == CGPoint(x: 200, y: 0))
    }
}
