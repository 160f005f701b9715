import Foundation

/// `UICollectionViewController`: a controller whose view is a collection view, its own data
/// source and delegate. A subclass overrides the data source's methods (`override func
/// collectionView(_:numberOfItemsInSection:)` …) as in UIKit; made in code, without a
/// storyboard, it lays out with the layout it was given (a flow layout by default).
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private let initialLayout: UICollectionViewLayout
    private var ownCollectionView: UICollectionView?

    /// On appearing, the selection is cleared (as UIKit does), unless this is false.
    open var clearsSelectionOnViewWillAppear = true

    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName: String?, bundle: Bundle?) {
        self.initialLayout = UICollectionViewFlowLayout()
        super.init(nibName: nibName, bundle: bundle)
    }

    public required init?(coder: NSCoder) {
        self.initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The view, loaded on first use; set, it becomes the view too.
    open var collectionView: UICollectionView! {
        get {
            self.loadViewIfNeeded()
            return self.ownCollectionView
        }
        set {
            self.ownCollectionView = newValue
            self.view = newValue
        }
    }

    open var collectionViewLayout: UICollectionViewLayout {
        self.ownCollectionView?.collectionViewLayout ?? self.initialLayout
    }

    /// A collection view the size of the screen, with the controller as its data source and
    /// delegate; from a storyboard, the scene's collection view, connected as the file says.
    open override func loadView() {
        if self.compiledScene != nil {
            super.loadView()
            self.ownCollectionView = self.viewIfLoaded as? UICollectionView
            return
        }
        let collectionView = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: self.initialLayout)
        collectionView.dataSource = self
        collectionView.delegate = self
        self.ownCollectionView = collectionView
        self.view = collectionView
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard self.clearsSelectionOnViewWillAppear, let collectionView = self.ownCollectionView else { return }
        for path in collectionView.indexPathsForSelectedItems ?? [] {
            collectionView.deselectItem(at: path, animated: animated)
        }
    }

    // MARK: UICollectionViewDataSource: no items until a subclass says otherwise.

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// A subclass that has items overrides this; without, each is a plain cell (and logged).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        HostConnection.log(
            "\(type(of: self)) does not override collectionView(_:cellForItemAt:); a plain cell stands in")
        return UICollectionViewCell(frame: .zero)
    }

    /// A subclass whose layout has headers or footers overrides this; without, each is an
    /// empty view (and logged).
    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        HostConnection.log(
            "\(type(of: self)) does not override collectionView(_:viewForSupplementaryElementOfKind:at:); an empty view stands in"
        )
        return UICollectionReusableView(frame: .zero)
    }

    // MARK: UICollectionViewDelegate

    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        true
    }
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}
