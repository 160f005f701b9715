import SwiftSyntax

/// Takes attributes and modifiers off a declaration and keeps its layout: what stood before a
/// removed one (a line break, the indentation, a comment) moves to what follows it, so
///
/// ```swift
///     @objc
///     private func tapped() {}
/// ```
///
/// loses its `@objc` line and its `private `, and `func` starts where `@objc` did. An attribute
/// inside `#if` is never removed.
enum DeclarationTrim {
    static func removing<Decl: WithAttributesSyntax & WithModifiersSyntax>(
        _ decl: Decl, attributes dropAttribute: (AttributeSyntax) -> Bool,
        modifiers dropModifier: (DeclModifierSyntax) -> Bool
    ) -> Decl {
        var carry = Carry()
        var attributes: [AttributeListSyntax.Element] = []
        for element in decl.attributes {
            if case .attribute(let attribute) = element, dropAttribute(attribute) {
                carry.remove(attribute)
            } else {
                attributes.append(carry.keep(element))
            }
        }
        var modifiers: [DeclModifierSyntax] = []
        for modifier in decl.modifiers {
            if dropModifier(modifier) {
                carry.remove(modifier)
            } else {
                modifiers.append(carry.keep(modifier))
            }
        }
        guard let pending = carry.pending else {
            return decl.with(\.attributes, AttributeListSyntax(attributes)).with(
                \.modifiers, DeclModifierListSyntax(modifiers))
        }
        // What was removed last had nothing kept after it: the trivia goes before the keyword,
        // that is after the last thing kept, or first in the declaration.
        if let last = modifiers.popLast() {
            modifiers.append(last.with(\.trailingTrivia, Carry.joining(last.trailingTrivia, pending)))
        } else if let last = attributes.popLast() {
            attributes.append(last.with(\.trailingTrivia, Carry.joining(last.trailingTrivia, pending)))
        }
        var trimmed = decl.with(\.attributes, AttributeListSyntax(attributes)).with(
            \.modifiers, DeclModifierListSyntax(modifiers))
        if attributes.isEmpty && modifiers.isEmpty {
            trimmed.leadingTrivia =
                carry.keepsNextLayout
                ? pending + trimmed.leadingTrivia : pending + trimmed.leadingTrivia.droppingLeadingWhitespace
        }
        return trimmed
    }

    /// The trivia of removed elements, waiting for the next element kept.
    private struct Carry {
        var pending: Trivia?
        /// A removed element ended in a line comment: what follows keeps its line break.
        var keepsNextLayout = false

        mutating func remove(_ node: some SyntaxProtocol) {
            let leading = self.pending.map { $0 + node.leadingTrivia.droppingLeadingWhitespace } ?? node.leadingTrivia
            let comments = node.trailingTrivia.droppingLeadingWhitespace
            self.keepsNextLayout = !comments.isEmpty
            self.pending = comments.isEmpty ? leading : leading + comments
        }

        mutating func keep<Node: SyntaxProtocol>(_ node: Node) -> Node {
            guard let pending = self.pending else { return node }
            self.pending = nil
            let rest = self.keepsNextLayout ? node.leadingTrivia : node.leadingTrivia.droppingLeadingWhitespace
            return node.with(\.leadingTrivia, pending + rest)
        }

        /// `trailing` then `pending`, without spaces left at the end of a line.
        static func joining(_ trailing: Trivia, _ pending: Trivia) -> Trivia {
            guard pending.first?.isNewline == true else { return trailing + pending }
            return Trivia(pieces: trailing.pieces.reversed().drop(while: \.isSpaceOrTab).reversed()) + pending
        }
    }
}

extension Trivia {
    /// Without the spaces and line breaks it starts with (comments and what follows them kept).
    var droppingLeadingWhitespace: Trivia {
        Trivia(pieces: Array(self.pieces.drop(while: { $0.isWhitespace })))
    }
}

extension TriviaPiece {
    var isSpaceOrTab: Bool {
        switch self {
        case .spaces, .tabs: true
        default: false
        }
    }
}
