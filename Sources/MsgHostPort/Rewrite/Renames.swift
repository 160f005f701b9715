/// The Swift 3–5 spellings `RenameRewriter` brings up to date: one table, one row a rename.
/// Each row says what the old spelling is, what it becomes and why; a row with `unlessDeclared`
/// is skipped in a file that declares that name itself (a game's own `characters`).
struct Rename: Sendable {
    enum Old: Sendable {
        /// A type or value of that name, anywhere it is referred to (`UIControlState`,
        /// `childViewControllers`, `addChildViewController(_:)`).
        case name(String)
        /// `x.name`, dropped for `x` itself (`s.characters.count` → `s.count`).
        case droppedMember(String)
        /// A method's argument label, in its calls and in the method's overrides
        /// (`didMove(toParentViewController:)`).
        case label(method: String, label: String)
        /// A method called with exactly these argument labels (`index(of:)`).
        case call(String, labels: [String])
        /// `flatMap` whose closure's result is an optional by its syntax (`as?`, `try?`, an
        /// optional chain, a failable initialiser such as `Int(…)`).
        case optionalFlatMap
        /// `s.substring(label: i)` whose argument is a `String.Index` by its syntax
        /// (`s.index(…)`, `.startIndex`, `.endIndex`, or a range of them): `new` is the
        /// subscript's range, `$` the argument (`..<$`).
        case substring(label: String)
        /// A C-style maker called with unlabelled arguments, one per label (`UIEdgeInsetsMake(t, l, b, r)`):
        /// `new` is the type whose memberwise initialiser takes them with those labels.
        case maker(String, labels: [String])
    }

    var old: Old
    var new: String
    var why: String
    var unlessDeclared: String? = nil

    private static let swift42 =
        "renamed in Swift 4.2, when UIKit's types and constants were nested in the types they belong to"
    private static let parent =
        "renamed in Swift 4.2; UIKit (and MessagesSDK) calls the new name, so an override must have it"
    private static let weights = [
        "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black",
    ]
    private static let attributeKeys = ["font", "foregroundColor", "backgroundColor", "paragraphStyle"]

    static let table: [Rename] =
        [
            Rename(
                old: .droppedMember("characters"), new: "",
                why: "String.characters was removed in Swift 5: a String is the collection of its characters",
                unlessDeclared: "characters"),
            Rename(
                old: .name("childViewControllers"), new: "children", why: Self.swift42,
                unlessDeclared: "childViewControllers"),
            Rename(
                old: .name("addChildViewController"), new: "addChild", why: Self.swift42,
                unlessDeclared: "addChildViewController"),
            Rename(
                old: .name("removeFromParentViewController"), new: "removeFromParent", why: Self.swift42,
                unlessDeclared: "removeFromParentViewController"),
            Rename(old: .label(method: "willMove", label: "toParentViewController"), new: "toParent", why: Self.parent),
            Rename(old: .label(method: "didMove", label: "toParentViewController"), new: "toParent", why: Self.parent),
            Rename(
                old: .name("UIApplicationLaunchOptionsKey"), new: "UIApplication.LaunchOptionsKey", why: Self.swift42),
            Rename(
                old: .name("NSAttributedStringKey"), new: "NSAttributedString.Key",
                why: "renamed in Swift 4.2 (NSAttributedString.Key)"),
            Rename(old: .name("UIControlState"), new: "UIControl.State", why: Self.swift42),
            Rename(old: .name("UIControlEvents"), new: "UIControl.Event", why: Self.swift42),
            Rename(old: .name("UIViewContentMode"), new: "UIView.ContentMode", why: Self.swift42),
            Rename(old: .name("UILayoutConstraintAxis"), new: "NSLayoutConstraint.Axis", why: Self.swift42),
            Rename(old: .name("UIAlertControllerStyle"), new: "UIAlertController.Style", why: Self.swift42),
            Rename(old: .name("UIAlertActionStyle"), new: "UIAlertAction.Style", why: Self.swift42),
            Rename(old: .name("UIBarButtonSystemItem"), new: "UIBarButtonItem.SystemItem", why: Self.swift42),
            Rename(old: .name("UIBarButtonItemStyle"), new: "UIBarButtonItem.Style", why: Self.swift42),
            Rename(
                old: .name("UICollectionElementKindSectionHeader"), new: "UICollectionView.elementKindSectionHeader",
                why: Self.swift42),
            Rename(
                old: .name("UICollectionElementKindSectionFooter"), new: "UICollectionView.elementKindSectionFooter",
                why: Self.swift42),
            Rename(
                old: .name("UIScrollViewDecelerationRateFast"), new: "UIScrollView.DecelerationRate.fast",
                why: Self.swift42),
            Rename(
                old: .name("UIScrollViewDecelerationRateNormal"), new: "UIScrollView.DecelerationRate.normal",
                why: Self.swift42),
            Rename(
                old: .name("atomicWrite"), new: "atomic",
                why: "Data.WritingOptions.atomicWrite is .atomic since Swift 3", unlessDeclared: "atomicWrite"),
        ]
        + Self.weights.map { weight in
            Rename(
                old: .name("UIFontWeight" + weight.prefix(1).uppercased() + weight.dropFirst()),
                new: "UIFont.Weight.\(weight)",
                why: "UIFont.Weight's constants since Swift 4")
        }
        + Self.attributeKeys.map { key in
            Rename(
                old: .name("NS" + key.prefix(1).uppercased() + key.dropFirst() + "AttributeName"),
                new: "NSAttributedString.Key.\(key)",
                why: "NSAttributedString.Key's constants since Swift 4")
        } + [
            Rename(
                old: .call("index", labels: ["of"]), new: "firstIndex",
                why: "deprecated in Swift 5 for firstIndex(of:), the same first match", unlessDeclared: "index"),
            Rename(
                old: .optionalFlatMap, new: "compactMap",
                why:
                    "flatMap whose closure returns an optional is compactMap since Swift 4.1; if the receiver is an Optional rather than a sequence, put flatMap back"
            ),
            Rename(
                old: .substring(label: "to"), new: "..<$",
                why: "substring(to:) is deprecated since Swift 4: slicing with a range makes the same string"),
            Rename(
                old: .substring(label: "from"), new: "$...",
                why: "substring(from:) is deprecated since Swift 4: slicing with a range makes the same string"),
            Rename(
                old: .substring(label: "with"), new: "$",
                why: "substring(with:) is deprecated since Swift 4: slicing with a range makes the same string"),
            Rename(
                old: .maker("UIEdgeInsetsMake", labels: ["top", "left", "bottom", "right"]), new: "UIEdgeInsets",
                why: "UIEdgeInsetsMake is UIEdgeInsets(top:left:bottom:right:) since Swift 4.2",
                unlessDeclared: "UIEdgeInsetsMake"),
            Rename(
                old: .maker("CGRectMake", labels: ["x", "y", "width", "height"]), new: "CGRect",
                why: "CGRectMake is CGRect(x:y:width:height:) since Swift 3", unlessDeclared: "CGRectMake"),
            Rename(
                old: .maker("CGPointMake", labels: ["x", "y"]), new: "CGPoint",
                why: "CGPointMake is CGPoint(x:y:) since Swift 3", unlessDeclared: "CGPointMake"),
            Rename(
                old: .maker("CGSizeMake", labels: ["width", "height"]), new: "CGSize",
                why: "CGSizeMake is CGSize(width:height:) since Swift 3", unlessDeclared: "CGSizeMake"),
            Rename(
                old: .maker("CGVectorMake", labels: ["dx", "dy"]), new: "CGVector",
                why: "CGVectorMake is CGVector(dx:dy:) since Swift 3", unlessDeclared: "CGVectorMake"),
        ]
}
