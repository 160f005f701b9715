import Foundation

// The UIKit calls that read an asset catalog by name (AssetCatalog.swift says where and how).
// The `in bundle:` forms take any bundle: an extension here has one resources directory.

extension UIImage {
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?)
    {
        self.init(named: name)
    }
}

extension UIColor {
    /// The colour set `name` in the app's resources, its light appearance; nil when there is none.
    public convenience init?(named name: String) {
        guard let color = AssetCatalog.color(name, in: UIImage.resourcesDirectory(), idiom: UIScreen.main.idiom) else {
            return nil
        }
        self.init(cgColor: color.cgColor)
    }

    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?)
    {
        self.init(named: name)
    }
}

/// `NSDataAsset`: a data set of the app's asset catalog (`name.dataset`), its bytes and type.
open class NSDataAsset: @unchecked Sendable {
    public let name: String
    public let data: Data
    /// The set's uniform type identifier ("public.json"…), "public.data" when it names none.
    public let typeIdentifier: String

    public convenience init?(name: String) { self.init(name: name, bundle: .main) }

    public init?(name: String, bundle: Bundle) {
        guard
            let (url, type) = AssetCatalog.dataFile(name, in: UIImage.resourcesDirectory(), idiom: UIScreen.main.idiom)
        else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            HostConnection.log("asset catalog: \(name).dataset's \(url.lastPathComponent) cannot be read")
            return nil
        }
        self.name = name
        self.data = data
        self.typeIdentifier = type
    }
}
