// Swift 3–5 era code that reads views outside the main actor, as iMessage apps of 2016 do
// (a snapshot initializer on UIImage, a walk up the superviews, a completion queued on
// OperationQueue.main): it builds in the Swift 5 mode only because the SDK's UIKit types are
// `@preconcurrency @MainActor`, as UIKit's are when Swift imports them.
import MessagesSDK

extension UIImage {
    convenience init?(snapshotOf view: UIView) {
        UIGraphicsBeginImageContextWithOptions(view.bounds.size, false, 0)
        view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        guard let data = image?.pngData() else { return nil }
        self.init(data: data)
    }
}

func origin(of view: UIView, in ancestor: UIView) -> CGPoint {
    var point = CGPoint.zero
    var current = view
    while let superview = current.superview {
        point.x += current.frame.origin.x
        point.y += current.frame.origin.y
        if superview === ancestor { return point }
        current = superview
    }
    return .zero
}

final class SnapshotViewController: UIViewController {
    var snapshot: UIImage?

    func takeSnapshotLater() {
        OperationQueue.main.addOperation {
            if self.isViewLoaded { self.snapshot = UIImage(snapshotOf: self.view) }
        }
    }
}
