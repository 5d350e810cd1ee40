@testable import CoinWatchSupport
import Foundation

/// A validator for the subset of JSON Schema 2020-12 that rules.schema.json uses (we cannot
/// fetch a Swift package for it): type, enum, const, properties, required, additionalProperties,
/// propertyNames, min/maxProperties, items, prefixItems, min/maxItems, uniqueItems,
/// min/maxLength, pattern, minimum, maximum, exclusiveMinimum/Maximum, allOf, anyOf, oneOf,
/// not, if/then/else, and `$ref` to `#/...` pointers. Annotations are ignored.
struct SchemaValidator {
    /// Keywords this validator applies.
    static let assertions: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "propertyNames",
        "minProperties", "maxProperties", "items", "prefixItems", "minItems", "maxItems", "uniqueItems",
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$defs",
    ]
    /// Keywords that only annotate.
    static let annotations: Set<String> = ["$schema", "$id", "$comment", "title", "description", "default", "examples"]

    let root: JSONNode

    init(schema: JSONNode) { root = schema }

    /// Every way `instance` breaks the schema, as "`path`: what"; empty when it is valid.
    func errors(_ instance: JSONNode) -> [String] {
        var found: [String] = []
        check(instance, against: root, at: "", into: &found)
        return found
    }

    /// Keywords anywhere in the schema that this validator does not know (it would ignore them).
    func unsupportedKeywords() -> [String] {
        var unknown: [String] = []
        walk(root, path: "#", unknown: &unknown)
        return unknown
    }

    private func walk(_ schema: JSONNode, path: String, unknown: inout [String]) {
        guard let members = schema.members else { return }
        for member in members {
            let here = path + "/" + member.key
            if !Self.assertions.contains(member.key), !Self.annotations.contains(member.key) { unknown.append(here) }
            switch member.key {
            case "properties", "$defs":
                for child in member.value.members ?? [] { walk(child.value, path: here + "/" + child.key, unknown: &unknown) }
            case "allOf", "anyOf", "oneOf", "prefixItems":
                for (index, child) in (member.value.elements ?? []).enumerated() { walk(child, path: "\(here)/\(index)", unknown: &unknown) }
            case "items", "additionalProperties", "propertyNames", "not", "if", "then", "else":
                walk(member.value, path: here, unknown: &unknown)
            default: break
            }
        }
    }

    private func check(_ value: JSONNode, against schema: JSONNode, at path: String, into found: inout [String]) {
        if let flag = schema.boolValue {
            if !flag { found.append("\(path): not allowed here") }
            return
        }
        guard let members = schema.members else {
            found.append("\(path): the schema is neither an object nor a boolean")
            return
        }
        let keywords = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        if let ref = keywords["$ref"]?.stringValue {
            if let target = resolve(ref) {
                check(value, against: target, at: path, into: &found)
            } else {
                found.append("\(path): unresolvable $ref \(ref)")
            }
        }
        if let type = keywords["type"] {
            let names = type.elements?.compactMap(\.stringValue) ?? [type.stringValue].compactMap { $0 }
            if !names.contains(where: { Self.isType(value, $0) }) {
                found.append("\(path): expected \(names.joined(separator: " or ")), got \(value.typeName)")
            }
        }
        if let options = keywords["enum"]?.elements, !options.contains(where: { Self.same($0, value) }) {
            found.append("\(path): not one of the allowed values")
        }
        if let constant = keywords["const"], !Self.same(constant, value) {
            found.append("\(path): not the required value")
        }
        checkObject(value, keywords, at: path, into: &found)
        checkArray(value, keywords, at: path, into: &found)
        checkString(value, keywords, at: path, into: &found)
        checkNumber(value, keywords, at: path, into: &found)
        checkApplicators(value, keywords, at: path, into: &found)
    }

    private func checkObject(_ value: JSONNode, _ k: [String: JSONNode], at path: String, into found: inout [String]) {
        guard let members = value.members else { return }
        let keys = members.map(\.key)
        for name in k["required"]?.elements?.compactMap(\.stringValue) ?? [] where !keys.contains(name) {
            found.append("\(path): missing required key \(name)")
        }
        if let min = k["minProperties"]?.numberValue, Double(keys.count) < min { found.append("\(path): fewer than \(Int(min)) keys") }
        if let max = k["maxProperties"]?.numberValue, Double(keys.count) > max { found.append("\(path): more than \(Int(max)) keys") }
        let properties = k["properties"]
        for member in members {
            let child = path.isEmpty ? member.key : path + "." + member.key
            if let names = k["propertyNames"] {
                check(JSONNode(.string(member.key), line: member.line, column: member.column), against: names,
                      at: child + " (name)", into: &found)
            }
            if let subschema = properties?[member.key] {
                check(member.value, against: subschema, at: child, into: &found)
            } else if let additional = k["additionalProperties"] {
                if additional.boolValue == false {
                    found.append("\(path): unknown key \(member.key)")
                } else {
                    check(member.value, against: additional, at: child, into: &found)
                }
            }
        }
    }

    private func checkArray(_ value: JSONNode, _ k: [String: JSONNode], at path: String, into found: inout [String]) {
        guard let elements = value.elements else { return }
        if let min = k["minItems"]?.numberValue, Double(elements.count) < min { found.append("\(path): fewer than \(Int(min)) items") }
        if let max = k["maxItems"]?.numberValue, Double(elements.count) > max { found.append("\(path): more than \(Int(max)) items") }
        if k["uniqueItems"]?.boolValue == true {
            for (i, a) in elements.enumerated() where elements[(i + 1)...].contains(where: { Self.same(a, $0) }) {
                found.append("\(path)[\(i)]: repeated item")
            }
        }
        let prefix = k["prefixItems"]?.elements ?? []
        for (index, element) in elements.enumerated() {
            let child = "\(path)[\(index)]"
            if index < prefix.count {
                check(element, against: prefix[index], at: child, into: &found)
            } else if let items = k["items"] {
                check(element, against: items, at: child, into: &found)
            }
        }
    }

    private func checkString(_ value: JSONNode, _ k: [String: JSONNode], at path: String, into found: inout [String]) {
        guard let text = value.stringValue else { return }
        let length = Double(text.unicodeScalars.count)
        if let min = k["minLength"]?.numberValue, length < min { found.append("\(path): shorter than \(Int(min))") }
        if let max = k["maxLength"]?.numberValue, length > max { found.append("\(path): longer than \(Int(max))") }
        if let pattern = k["pattern"]?.stringValue {
            guard let regex = try? NSRegularExpression(pattern: pattern) else {
                found.append("\(path): the schema's pattern \(pattern) does not compile")
                return
            }
            let range = NSRange(text.startIndex..., in: text)
            if regex.firstMatch(in: text, range: range) == nil { found.append("\(path): \(text) does not match \(pattern)") }
        }
    }

    private func checkNumber(_ value: JSONNode, _ k: [String: JSONNode], at path: String, into found: inout [String]) {
        guard let number = value.numberValue else { return }
        if let min = k["minimum"]?.numberValue, number < min { found.append("\(path): below \(min)") }
        if let max = k["maximum"]?.numberValue, number > max { found.append("\(path): above \(max)") }
        if let min = k["exclusiveMinimum"]?.numberValue, number <= min { found.append("\(path): not above \(min)") }
        if let max = k["exclusiveMaximum"]?.numberValue, number >= max { found.append("\(path): not below \(max)") }
    }

    private func checkApplicators(_ value: JSONNode, _ k: [String: JSONNode], at path: String, into found: inout [String]) {
        for schema in k["allOf"]?.elements ?? [] { check(value, against: schema, at: path, into: &found) }
        if let options = k["anyOf"]?.elements, !options.contains(where: { passes(value, $0) }) {
            found.append("\(path): matches none of anyOf")
        }
        if let options = k["oneOf"]?.elements {
            let count = options.filter { passes(value, $0) }.count
            if count != 1 { found.append("\(path): matches \(count) of oneOf, not exactly one") }
        }
        if let negated = k["not"], passes(value, negated) { found.append("\(path): matches what `not` forbids") }
        if let condition = k["if"] {
            if passes(value, condition) {
                if let then = k["then"] { check(value, against: then, at: path, into: &found) }
            } else if let otherwise = k["else"] {
                check(value, against: otherwise, at: path, into: &found)
            }
        }
    }

    private func passes(_ value: JSONNode, _ schema: JSONNode) -> Bool {
        var found: [String] = []
        check(value, against: schema, at: "", into: &found)
        return found.isEmpty
    }

    /// The subschema a `#/a/b` pointer names.
    private func resolve(_ reference: String) -> JSONNode? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for token in reference.dropFirst().split(separator: "/") {
            let key = String(token).replacing("~1", with: "/").replacing("~0", with: "~")
            if let elements = node.elements, let index = Int(key), elements.indices.contains(index) {
                node = elements[index]
            } else if let child = node[key] {
                node = child
            } else {
                return nil
            }
        }
        return node
    }

    private static func isType(_ value: JSONNode, _ name: String) -> Bool {
        switch (name, value.value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
             ("object", .object): return true
        case ("integer", .number(let n)): return n == n.rounded()
        default: return false
        }
    }

    /// JSON equality: numbers by value, objects regardless of key order, positions ignored.
    static func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { m in y.contains { $0.key == m.key && same($0.value, m.value) } }
        default: return false
        }
    }
}
