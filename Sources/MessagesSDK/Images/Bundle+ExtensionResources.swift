import Foundation

extension Bundle {
    /// The extension's resources as a bundle: `UIImage.resourcesDirectory()` (Resources in
    /// the manifest's working directory, or `MSGHOST_RESOURCES`), where `msghost-port` puts an
    /// app bundle's files. On Linux, Foundation's `Bundle.main` is the executable's own folder
    /// (`.build/debug`), so `Bundle.main.url(forResource:withExtension:)` would find nothing
    /// there; the port rewrites such lookups to this bundle. Read at each use, as the
    /// directory is. `Bundle.main` when the directory is not there.
    public static var extensionResources: Bundle { self.resources(in: UIImage.resourcesDirectory()) }

    static func resources(in directory: URL) -> Bundle {
        Bundle(url: directory) ?? .main
    }
}
