/// The elements and attributes of Interface Builder's XML that the compiler knows: the UIKit
/// class of each view element, and what each may carry. What is in none of these lists is
/// warned about (by name and line) and left out; what is in `ignored` has no effect on what
/// is shown at run time (Interface Builder's canvas, simulated metrics) and is passed over.
enum Vocabulary {
    /// View elements and the MessagesSDK class each makes.
    static let viewClasses: [String: String] = [
        "view": "UIView", "containerView": "UIView", "label": "UILabel", "button": "UIButton",
        "imageView": "UIImageView", "textField": "UITextField", "textView": "UITextView",
        "stackView": "UIStackView", "switch": "UISwitch", "segmentedControl": "UISegmentedControl",
        "collectionView": "UICollectionView", "tableView": "UITableView", "scrollView": "UIScrollView",
        "datePicker": "UIDatePicker", "stepper": "UIStepper",
        "collectionViewCell": "UICollectionViewCell", "tableViewCell": "UITableViewCell",
        "collectionReusableView": "UICollectionReusableView",
    ]

    /// The content view of a cell, which UIKit makes with the cell.
    static let contentViews: Set<String> = ["collectionViewCellContentView", "tableViewCellContentView", "view"]

    static let gestureClasses: [String: String] = [
        "tapGestureRecognizer": "UITapGestureRecognizer", "pongPressGestureRecognizer": "UILongPressGestureRecognizer",
    ]

    /// Attributes of every view.
    static let common: Set<String> = [
        "id", "key", "customClass", "customModule", "customModuleProvider", "contentMode", "hidden", "alpha",
        "userInteractionEnabled", "tag", "clipsSubviews", "opaque", "multipleTouchEnabled",
        "translatesAutoresizingMaskIntoConstraints", "horizontalHuggingPriority", "verticalHuggingPriority",
        "horizontalCompressionResistancePriority", "verticalCompressionResistancePriority",
    ]

    /// Attributes of one kind of view.
    static let specific: [String: Set<String>] = [
        "label": [
            "text", "textAlignment", "numberOfLines", "lineBreakMode", "adjustsFontSizeToFit", "minimumScaleFactor",
            "enabled", "preferredMaxLayoutWidth",
        ],
        "button": ["buttonType", "enabled", "selected", "highlighted", "lineBreakMode", "role"],
        "imageView": ["image", "highlightedImage"],
        "textField": ["text", "placeholder", "borderStyle", "textAlignment", "enabled"],
        "textView": ["text", "editable", "textAlignment"],
        "stackView": ["axis", "alignment", "distribution", "spacing"],
        "switch": ["on", "enabled"],
        "segmentedControl": ["selectedSegmentIndex", "segmentControlStyle", "enabled"],
        "collectionView": [
            "scrollEnabled", "pagingEnabled", "allowsSelection", "allowsMultipleSelection", "bounces",
            "alwaysBounceVertical", "alwaysBounceHorizontal",
        ],
        "tableView": [
            "style", "rowHeight", "estimatedRowHeight", "allowsSelection", "scrollEnabled", "bounces",
            "alwaysBounceVertical",
        ],
        "scrollView": ["scrollEnabled", "pagingEnabled", "bounces", "alwaysBounceVertical", "alwaysBounceHorizontal"],
        "datePicker": ["datePickerMode", "style", "enabled"],
        "stepper": ["value", "minimumValue", "maximumValue", "stepValue", "enabled"],
        "collectionViewCell": ["reuseIdentifier"],
        "collectionReusableView": ["reuseIdentifier"],
        "tableViewCell": ["reuseIdentifier", "rowHeight", "style"],
        "collectionViewFlowLayout": [
            "id", "key", "scrollDirection", "minimumLineSpacing", "minimumInteritemSpacing",
            "automaticEstimatedItemSize", "customClass", "customModule", "customModuleProvider",
        ],
        "collectionViewLayout": ["id", "key", "customClass", "customModule", "customModuleProvider"],
    ]

    /// Child elements a view may hold (read by the view reader).
    static let viewChildren: Set<String> = [
        "rect", "autoresizingMask", "color", "fontDescription", "string", "state", "subviews", "constraints",
        "connections", "viewLayoutGuide", "accessibility", "size", "inset", "segments", "collectionViewFlowLayout",
        "cells", "prototypes", "collectionViewCellContentView", "tableViewCellContentView", "view",
        "buttonConfiguration",
    ]

    /// What Interface Builder writes for its own use, or that changes nothing shown here.
    static let ignored: Set<String> = [
        "misplaced", "ambiguous", "fixedFrame", "userLabel", "restorationIdentifier", "clearsContextBeforeDrawing",
        "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "semanticContentAttribute",
        "autoresizesSubviews", "placeholderIntrinsicWidth", "placeholderIntrinsicHeight",
        "adjustsLetterSpacingToFitWidth",
        "baselineAdjustment", "contentHorizontalAlignment", "contentVerticalAlignment", "sceneMemberID", "colorLabel",
        "springLoaded", "pointerInteraction", "showsTouchWhenHighlighted", "adjustsImageWhenHighlighted",
        "adjustsImageWhenDisabled", "indicatorStyle", "keyboardDismissMode", "contentInsetAdjustmentBehavior",
        "dataMode", "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator", "prefetchingEnabled",
        "bouncesZoom",
        "delaysContentTouches", "canCancelContentTouches", "directionalLockEnabled", "estimatedSectionHeaderHeight",
        "sectionHeaderHeight", "sectionFooterHeight", "estimatedSectionFooterHeight", "separatorStyle",
        "selectionStyle",
        "indentationWidth", "insetsContentViewsToSafeArea", "contentViewInsetsToSafeArea",
        "layoutMarginsFollowReadableWidth",
        "baselineRelativeArrangement", "adjustsImageSizeForAccessibilityContentSizeCategory", "selectable",
        "clearsOnBeginEditing", "minimumFontSize", "clearButtonMode", "momentary", "continuous", "autorepeat", "wraps",
        "minuteInterval", "estimatedItemSize", "headerReferenceSize", "footerReferenceSize",
        // Child elements of the same kind.
        "textInputTraits", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer", "simulatedStatusBarMetrics",
        "simulatedTopBarMetrics", "simulatedBottomBarMetrics", "simulatedScreenMetrics", "simulatedOrientationMetrics",
        "nil", "point", "preferredSymbolConfiguration", "directionalEdgeInsets", "edgeInsets", "locale", "date",
        "real", "integer", "boolean", "layoutGuides", "extendedEdge", "modalPageSheetSize",
    ]
}
