import Foundation

/// UIKit's additions to `NSIndexPath`: a table view's row and a collection view's item in a
/// section. Swift 2 era data sources take an `NSIndexPath` (`cellForRowAtIndexPath
/// indexPath: NSIndexPath`) and read `indexPath.row`; swift-corelibs-foundation's
/// `NSIndexPath` has no UIKit to add them, so they are here, the same as `IndexPath`'s.
extension NSIndexPath {
    public convenience init(row: Int, section: Int) { self.init(indexes: [section, row], length: 2) }
    public convenience init(item: Int, section: Int) { self.init(indexes: [section, item], length: 2) }
    public var section: Int { self.length > 0 ? self.index(atPosition: 0) : 0 }
    public var row: Int { self.length > 1 ? self.index(atPosition: 1) : 0 }
    public var item: Int { self.row }
}
