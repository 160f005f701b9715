import MessagesSDK

/// The builder's cell: one part's image, labelled with what it is ("A waffle cone"), so that a
/// test or an agent finds it on the screen by name.
final class IceCreamPartCell: UICollectionViewCell {
    static let reuseIdentifier = "IceCreamPartCell"

    let imageView = UIImageView()

    required init(frame: CGRect) {
        super.init(frame: frame)
        self.isAccessibilityElement = true
        self.imageView.contentMode = .scaleAspectFit
        self.imageView.translatesAutoresizingMaskIntoConstraints = false
        self.contentView.addSubview(self.imageView)
        self.contentView.layer.cornerRadius = 12
        self.contentView.backgroundColor = UIColor(white: 1, alpha: 1)
        NSLayoutConstraint.activate([
            self.imageView.leadingAnchor.constraint(equalTo: self.contentView.leadingAnchor, constant: 8),
            self.imageView.trailingAnchor.constraint(equalTo: self.contentView.trailingAnchor, constant: -8),
            self.imageView.topAnchor.constraint(equalTo: self.contentView.topAnchor, constant: 8),
            self.imageView.bottomAnchor.constraint(equalTo: self.contentView.bottomAnchor, constant: -8),
        ])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// The history's first cell: the "+" that starts a new ice cream.
final class IceCreamAddCell: UICollectionViewCell {
    static let reuseIdentifier = "IceCreamAddCell"

    required init(frame: CGRect) {
        super.init(frame: frame)
        let label = UILabel()
        label.text = "+"
        label.font = UIFont.systemFont(ofSize: 48, weight: .light)
        label.textColor = UIColor.systemBlue
        label.textAlignment = .center
        label.translatesAutoresizingMaskIntoConstraints = false
        self.contentView.addSubview(label)
        self.contentView.backgroundColor = UIColor.white
        self.contentView.layer.cornerRadius = 12
        self.isAccessibilityElement = true
        self.accessibilityLabel = "Create a new ice cream"
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: self.contentView.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: self.contentView.centerYAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A finished ice cream of the history, as a sticker view: tapped, Messages stages it in the
/// input field (MSStickerView does that itself).
final class IceCreamCell: UICollectionViewCell {
    static let reuseIdentifier = "IceCreamCell"

    let stickerView = MSStickerView(frame: .zero)

    required init(frame: CGRect) {
        super.init(frame: frame)
        self.stickerView.translatesAutoresizingMaskIntoConstraints = false
        self.contentView.addSubview(self.stickerView)
        NSLayoutConstraint.activate([
            self.stickerView.leadingAnchor.constraint(equalTo: self.contentView.leadingAnchor),
            self.stickerView.trailingAnchor.constraint(equalTo: self.contentView.trailingAnchor),
            self.stickerView.topAnchor.constraint(equalTo: self.contentView.topAnchor),
            self.stickerView.bottomAnchor.constraint(equalTo: self.contentView.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
