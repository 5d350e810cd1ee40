extension JSONNode {
    /// The widest line (in characters, indent included) a one-line container that gained elements
    /// may take before it is written over several lines.
    package static let inlineWidthLimit = 100

    /// The document as text for people and diffs: two-space indent, members in their order,
    /// numbers exactly as they were written, strings with only the escapes JSON requires, and a
    /// final newline. A container that sat on one line in the parsed document (`{"id": "a", "coin":
    /// "bitcoin"}`) stays on one line; one that an edit added to (nodes made outside the parser, at
    /// column 0) stays on one line only while it fits in `inlineWidthLimit` characters.
    package func prettyText() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    private func write(into out: inout String, indent: Int) {
        let brackets: (open: String, close: String)
        let items: [(label: String, node: JSONNode)]
        switch value {
        case .array(let elements) where !elements.isEmpty:
            (brackets, items) = (("[", "]"), elements.map { ("", $0) })
        case .object(let members) where !members.isEmpty:
            (brackets, items) = (("{", "}"), members.map { (JSONOut.quote($0.key) + ": ", $0.value) })
        default:
            out += compactText()
            return
        }
        if let inline = inlineText(startColumn: indent * 2) {
            out += inline
            return
        }
        out += brackets.open + "\n"
        for (index, item) in items.enumerated() {
            out += Self.spaces(indent + 1) + item.label
            item.node.write(into: &out, indent: indent + 1)
            out += index == items.count - 1 ? "\n" : ",\n"
        }
        out += Self.spaces(indent) + brackets.close
    }

    /// The node on one line when it was written on one line (and, when edited, fits); nil otherwise.
    private func inlineText(startColumn: Int) -> String? {
        guard isOnOneLine(line) else { return nil }
        let text = compactText()
        return !isEdited || startColumn + text.count <= Self.inlineWidthLimit ? text : nil
    }

    /// Whether this node or one inside it was made by an edit rather than parsed (column 0).
    private var isEdited: Bool {
        if column == 0 { return true }
        switch value {
        case .array(let elements): return elements.contains { $0.isEdited }
        case .object(let members): return members.contains { $0.column == 0 || $0.value.isEdited }
        default: return false
        }
    }

    /// Whether this node and everything in it starts on `line`.
    private func isOnOneLine(_ line: Int) -> Bool {
        guard self.line == line else { return false }
        switch value {
        case .array(let elements): return elements.allSatisfy { $0.isOnOneLine(line) }
        case .object(let members): return members.allSatisfy { $0.line == line && $0.value.isOnOneLine(line) }
        default: return true
        }
    }

    /// The node on one line: `{"a": 1, "b": [2, 3]}`.
    private func compactText() -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return numberText ?? JSONOut.number(number)
        case .string(let text): return JSONOut.quote(text)
        case .array(let elements): return "[" + elements.map { $0.compactText() }.joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONOut.quote($0.key) + ": " + $0.value.compactText() }.joined(separator: ", ") + "}"
        }
    }

    private static func spaces(_ indent: Int) -> String { String(repeating: "  ", count: indent) }
}
