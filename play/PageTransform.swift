import Foundation
import SwiftParser
import SwiftSyntax

/// Turns a playground page (a file of top-level code, as Xcode runs it) into the source of a library
/// that `play`'s window loads: the page's declarations (types, extensions, functions, imports, and the
/// variables they use) stay at file scope, and its statements run, in order, in one entry function,
/// `ca_play_page_main`. Each piece is preceded by a `#sourceLocation` naming the user's file and line, so
/// the compiler's messages point into the user's file, never into the copy.
///
/// Code written for Apple's platforms also uses what the Linux compiler rejects whatever the library:
/// Objective-C attributes (`@objc`, `@IBOutlet`, `@IBAction`, `@NSManaged`, ...) and the `dynamic`
/// modifier are blanked (spaces of the same length, so columns stay true), `#selector(name(_:))` becomes
/// `Selector("name:")` and `#keyPath(a.b)` the string `"a.b"`. The user's file is never written.
struct PageTransform {
    /// The attributes only Objective-C interoperability gives meaning to.
    static let objcAttributes: Set<String> = ["objc", "objcMembers", "IBOutlet", "IBAction", "IBDesignable",
                                               "IBInspectable", "IBSegueAction", "NSManaged", "GKInspectable",
                                               "nonobjc"]
    /// The name of the entry function the window calls.
    static let entryName = "ca_play_page_main"

    /// The library source made from `text`, the contents of the file at `path`.
    static func librarySource(of text: String, path: String) -> String {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let edits = ObjCEdits(viewMode: .sourceAccurate)
        edits.walk(tree)
        let bytes = Array(text.utf8)

        // Each top-level item is a declaration (kept at file scope), a variable, or a statement (run
        // in the entry function, in order). A variable that a declaration reads stays global.
        enum Place { case fileScope, variable([String]), body }
        let items = Array(tree.statements)
        var places: [Place] = items.map { item in
            guard case .decl(let decl) = item.item else { return .body }
            if let variable = decl.as(VariableDeclSyntax.self) {
                return .variable(variable.bindings.flatMap { names(in: $0.pattern) })
            }
            return .fileScope
        }
        let used = UsedNames(viewMode: .sourceAccurate)
        for (item, place) in zip(items, places) { if case .fileScope = place { used.walk(item) } }
        places = places.map { place in
            guard case .variable(let names) = place else { return place }
            return !names.isEmpty && names.contains(where: used.names.contains) ? .fileScope : .body
        }

        func emitted(_ item: CodeBlockItemSyntax) -> String {
            let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = item.endPositionBeforeTrailingTrivia.utf8Offset
            let location = converter.location(for: item.positionAfterSkippingLeadingTrivia)
            let indent = String(repeating: " ", count: max(location.column - 1, 0))
            let inside = edits.edits.filter { start <= $0.range.lowerBound && $0.range.upperBound <= end }
                .map { (range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), replacement: $0.replacement) }
            let code = apply(inside, to: String(decoding: bytes[start..<end], as: UTF8.self))
            return "#sourceLocation(file: \(literal(path)), line: \(location.line))\n\(indent)\(code)\n"
        }

        var out = "// Made by play from \(path); edit that file, not this one.\n"
        out += "import PlaygroundSupport\n"
        var located = false
        for (item, place) in zip(items, places) {
            if case .fileScope = place {
                out += emitted(item)
                located = true
            }
        }
        if located { out += "#sourceLocation()\n" }
        out += ActionTargets.extensions(for: tree)
        // The page's statements run on the main actor, as a main.swift's top-level code does.
        out += "@_cdecl(\"\(entryName)\")\npublic func \(entryName)() {\n"
        out += "    MainActor.assumeIsolated { __playPage() }\n}\n@MainActor private func __playPage() {\n"
        located = false
        for (item, place) in zip(items, places) {
            if case .body = place {
                out += emitted(item)
                located = true
            }
        }
        if located { out += "#sourceLocation()\n" }
        out += "}\n"
        return out
    }

    /// The source of a file of a playground's `Sources/` (declarations only, compiled as a module of
    /// its own): the Objective-C spellings taken out and target-action added, as for a page.
    /// An app's files blank `@main` too (`blankingMain`): the window launches the delegate itself.
    /// The entry of an app's build: launches the `@main` type, the application delegate, as
    /// `UIApplicationMain` would, without running the main loop (the window's process runs it).
    static func appEntrySource(delegate: String, file: String, line: Int) -> String {
        "import UIKit\n@_cdecl(\"\(entryName)\")\npublic func \(entryName)() {\n    MainActor.assumeIsolated {\n"
            + "#sourceLocation(file: \(literal(file)), line: \(line))\n"
            + "        UIApplication.shared.launch(delegate: \(delegate)())\n#sourceLocation()\n    }\n}\n"
    }

    static func moduleSource(of text: String, path: String, blankingMain: Bool = false) -> String {
        let tree = Parser.parse(source: text)
        let edits = ObjCEdits(viewMode: .sourceAccurate)
        if blankingMain { edits.alsoBlanked = MainTypes.attributes }
        edits.walk(tree)
        return "#sourceLocation(file: \(literal(path)), line: 1)\n" + apply(edits.edits, to: text)
            + "\n#sourceLocation()\nimport UIKit\n" + ActionTargets.extensions(for: tree)
    }

    /// The names a pattern binds.
    private static func names(in pattern: PatternSyntax) -> [String] {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) { return [identifier.identifier.text] }
        if let tuple = pattern.as(TuplePatternSyntax.self) { return tuple.elements.flatMap { names(in: $0.pattern) } }
        return []
    }

    private static func literal(_ string: String) -> String {
        "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `text` with each edit's UTF-8 range replaced (the edits do not overlap).
    static func apply(_ edits: [(range: Range<Int>, replacement: String)], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The edits that take out what needs Objective-C.
final class ObjCEdits: SyntaxVisitor {
    private(set) var edits: [(range: Range<Int>, replacement: String)] = []
    /// Attributes blanked besides the Objective-C ones.
    var alsoBlanked: Set<String> = []

    private func blank(_ node: some SyntaxProtocol) {
        let range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        let text = node.trimmedDescription
        // Spaces for the characters of each line (columns stay true), the line breaks kept.
        let blanked = String(text.map { $0.isNewline ? $0 : " " })
        edits.append((range, blanked))
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.attributeName.as(IdentifierTypeSyntax.self)?.name.text,
           PageTransform.objcAttributes.contains(name) || alsoBlanked.contains(name) {
            blank(node)
        }
        return .skipChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        if node.name.tokenKind == .keyword(.dynamic) { blank(node) }
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.macroName.text
        guard name == "selector" || name == "keyPath", let argument = node.arguments.last?.expression else {
            return .visitChildren
        }
        let range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        if name == "keyPath" {
            edits.append((range, "\"" + argument.trimmedDescription.filter { !$0.isWhitespace } + "\""))
        } else {
            edits.append((range, "Selector(\"" + Self.selectorName(argument) + "\")"))
        }
        return .skipChildren
    }

    /// The Objective-C selector of a Swift method reference: `tapped` → `tapped`, `tapped(_:)` →
    /// `tapped:`, `move(to:animated:)` → `moveTo:animated:`, `getter: value` → `value`.
    static func selectorName(_ expression: ExprSyntax) -> String {
        var expression = expression
        if let member = expression.as(MemberAccessExprSyntax.self) { expression = ExprSyntax(member.declName) }
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else {
            return expression.trimmedDescription.components(separatedBy: ".").last ?? expression.trimmedDescription
        }
        return selectorName(base: reference.baseName.text, labels: reference.argumentNames?.arguments.map(\.name.text) ?? [])
    }
}

/// The identifiers a piece of code refers to.
final class UsedNames: SyntaxVisitor {
    private(set) var names: Set<String> = []
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.baseName.text)
        return .visitChildren
    }
}

/// The types a file marks `@main` (or `@UIApplicationMain`, the templates' spelling before Swift 5.3),
/// with their lines.
enum MainTypes {
    /// The attributes that mark an app's entry type.
    static let attributes: Set<String> = ["main", "UIApplicationMain"]

    static func find(in text: String, path: String) -> [(name: String, line: Int)] {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var found: [(String, Int)] = []
        for item in tree.statements {
            guard case .decl(let decl) = item.item else { continue }
            let named: (attributes: AttributeListSyntax, name: TokenSyntax)?
            if let type = decl.as(ClassDeclSyntax.self) { named = (type.attributes, type.name) }
            else if let type = decl.as(StructDeclSyntax.self) { named = (type.attributes, type.name) }
            else if let type = decl.as(EnumDeclSyntax.self) { named = (type.attributes, type.name) }
            else { named = nil }
            guard let named, named.attributes.contains(where: { isMain($0) }) else { continue }
            found.append((named.name.text, converter.location(for: decl.positionAfterSkippingLeadingTrivia).line))
        }
        return found
    }

    static func isMain(_ element: AttributeListSyntax.Element) -> Bool {
        element.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self).map { attributes.contains($0.name.text) } ?? false
    }
}
