import Foundation

/// A property list file that must be a dictionary (Info.plist, project.pbxproj), read in any of
/// its formats (XML, binary, OpenStep); what is wrong is a sentence naming the file.
enum PropertyList {
    enum Outcome {
        case success([String: Any])
        case failure(String)
    }

    static func dictionary(_ data: Data, file: String) -> Outcome {
        do {
            guard
                let dictionary = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                    as? [String: Any]
            else {
                return .failure("\(file) is not a dictionary")
            }
            return .success(dictionary)
        } catch {
            return .failure("\(file) is not a property list: \(error.localizedDescription)")
        }
    }
}
