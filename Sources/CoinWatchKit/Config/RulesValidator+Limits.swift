extension RulesValidator {
    /// Reports every string value and key longer than `maxStringLength` characters.
    mutating func checkStringLengths(_ node: JSONNode, path: String) {
        // Most files hold no over-long string: one scan that builds no JSON path settles that.
        guard Self.holdsTooLong(node) else { return }
        switch node.value {
        case .string(let text) where Self.isTooLong(text):
            error("the string is \(text.count) characters long, over the limit of \(Self.maxStringLength) characters",
                  at: node, path: path)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                checkStringLengths(element, path: JSONPath.element(path, index))
            }
        case .object(let members):
            for member in members {
                if Self.isTooLong(member.key) {
                    report(.error, "a key is \(member.key.count) characters long, over the limit of \(Self.maxStringLength) characters",
                           line: member.line, column: member.column, path: path)
                    continue
                }
                checkStringLengths(member.value, path: JSONPath.child(path, member.key))
            }
        default:
            break
        }
    }

    /// Whether `node` or anything inside it is a string or key longer than `maxStringLength`.
    static func holdsTooLong(_ node: JSONNode) -> Bool {
        switch node.value {
        case .string(let text): return isTooLong(text)
        case .array(let elements): return elements.contains(where: holdsTooLong)
        case .object(let members): return members.contains { isTooLong($0.key) || holdsTooLong($0.value) }
        default: return false
        }
    }

    /// The diagnostic for a file over `maxFileBytes`.
    static func fileTooLarge(file: String) -> Diagnostic {
        Diagnostic(file: file, line: nil, column: nil, jsonPath: "",
                   message: "the file is larger than the limit of 1 MiB (\(maxFileBytes) bytes); make it smaller")
    }
}
