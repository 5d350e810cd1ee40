import CoinWatchSupport
extension RulesValidator {
    /// The members of an object keyed by name; reports a wrong type and every key not in `allowed` (with did-you-mean).
    mutating func object(_ node: JSONNode, path: String, allowed: [String],
                         hint: (String) -> String? = { _ in nil }) -> JSONFields {
        guard let members = typed(node.members, node, path: path, expected: "an object") else { return JSONFields() }
        // Usually every key is allowed: the fields are then the members themselves.
        if members.allSatisfy({ allowed.contains($0.key) }) { return JSONFields(members) }
        var result = JSONFields()
        for member in members {
            if allowed.contains(member.key) {
                result.append(member)
            } else {
                rejectKey(member, path: path, allowed: allowed, hint: hint(member.key))
            }
        }
        return result
    }

    /// `object`, for a value that must be an object to be read at all: nil, with `expected <what>, got
    /// <type>`, when it is not one.
    mutating func object(_ node: JSONNode, path: String, allowed: [String], expected what: String) -> JSONFields? {
        guard typed(node.members, node, path: path, expected: what) != nil else { return nil }
        return object(node, path: path, allowed: allowed)
    }

    /// Reports `member` as an unknown key of the object at `path`.
    mutating func rejectKey(_ member: JSONNode.Member, path: String, allowed: [String], hint: String? = nil) {
        var message = "unknown key '\(member.key)'."
        if member.key == "$schema" {
            message += " '$schema' is allowed only at the top level."
        } else if let hint {
            message += hint
        } else {
            message += Self.suggestion(for: member.key, in: allowed, label: "Allowed keys")
        }
        report(.error, message, line: member.line, column: member.column, path: path)
    }

    /// `fields[key]` read by `read` at `path.key`; nil when the key is absent or its value is invalid (reported).
    mutating func field<Value>(_ fields: JSONFields, _ key: String, in path: String,
                               _ read: (inout Self, JSONNode, String) -> Value?) -> Value? {
        guard let node = fields[key] else { return nil }
        return read(&self, node, JSONPath.child(path, key))
    }

    /// `field`, with a missing key reported at `object` as `missing`.
    mutating func required<Value>(_ fields: JSONFields, _ key: String, of object: JSONNode, in path: String, missing: String,
                                  _ read: (inout Self, JSONNode, String) -> Value?) -> Value? {
        guard fields[key] != nil else {
            error(missing, at: object, path: path)
            return nil
        }
        return field(fields, key, in: path, read)
    }

    /// `string(_:path:)` with the path made only when there is something to report: a string with
    /// no `${` within the length limit is its own value (most ids, coins and favorites).
    mutating func string(_ node: JSONNode, path: () -> String) -> ConfigString? {
        if case .string(let raw) = node.value, raw.utf8.count <= Self.maxStringLength, !EnvironmentExpander.holdsPlaceholder(raw) {
            return ConfigString(value: raw, fromEnvironment: false, raw: raw)
        }
        return string(node, path: path())
    }

    /// A string with `${NAME}` expanded; reports a wrong type, unset variables and a malformed `${`.
    mutating func string(_ node: JSONNode, path: String) -> ConfigString? {
        guard let raw = typed(node.stringValue, node, path: path, expected: "a string") else { return nil }
        if Self.isTooLong(raw) { return nil }
        let expansion = EnvironmentExpander.expand(raw, environment: environment, folder: folder)
        for name in expansion.missing {
            let state = environment[name] == nil ? "is not set" : "is empty"
            var message = "environment variable \(name) \(state); export it or remove ${\(name)}"
            if MessageTemplate.placeholders.contains(name) {
                message += " (to show '$' before the placeholder {\(name)}, write $${\(name)})"
            }
            secretGap(message, at: node, path: path)
        }
        for file in expansion.unreadable {
            secretGap("cannot read the secret file \(file.path) (${file:…}): \(file.reason)", at: node, path: path)
        }
        if expansion.malformed {
            error("malformed ${...}; write ${NAME} with NAME of letters, digits and _ (or $${ for a literal ${)", at: node, path: path)
        }
        guard expansion.missing.isEmpty, expansion.unreadable.isEmpty, !expansion.malformed else { return nil }
        if Self.isTooLong(expansion.value) {
            error("after ${...} expansion the string is longer than the limit of \(Self.maxStringLength) characters",
                  at: node, path: path)
            return nil
        }
        if readingSecrets { secrets += expansion.values }
        return ConfigString(value: expansion.value, fromEnvironment: !expansion.used.isEmpty, raw: raw)
    }

    /// `string`, with an empty one reported as `empty` (a token, an address, a path).
    mutating func nonEmpty(_ node: JSONNode, path: String, empty: String = "expected a non-empty string") -> ConfigString? {
        guard let text = string(node, path: path) else { return nil }
        guard !text.value.isEmpty else {
            error(empty, at: node, path: path)
            return nil
        }
        return text
    }

    /// `value`, what `node` holds when it is of the type asked for; when it is nil, reports
    /// `expected <what>, got <node's type>`.
    mutating func typed<Value>(_ value: Value?, _ node: JSONNode, path: @autoclosure () -> String, expected what: String) -> Value? {
        if value == nil { error("expected \(what), got \(node.typeName)", at: node, path: path()) }
        return value
    }

    /// A number; reports a wrong type.
    mutating func number(_ node: JSONNode, path: @autoclosure () -> String) -> Double? {
        typed(node.numberValue, node, path: path(), expected: "a number")
    }

    /// A boolean; reports a wrong type.
    mutating func bool(_ node: JSONNode, path: String) -> Bool? {
        typed(node.boolValue, node, path: path, expected: "true or false")
    }

    /// A duration string in seconds; zero is an error for the keys of `DurationLimits.positive`, over the
    /// key's `DurationLimits` maximum for all (rules.schema.json's duration patterns come from the same tables).
    mutating func duration(_ node: JSONNode, path: String) -> Double? {
        if let number = node.numberValue {
            let example = number >= 0 && number == number.rounded() && number < 1e9 ? "\"\(Int(number))s\"" : "\"90s\""
            error("expected a duration string such as \(example), got a number; add a unit (s, m, h, d or w)", at: node, path: path)
            return nil
        }
        guard let text = string(node, path: path) else { return nil }
        let seconds: Double
        do {
            seconds = try DurationParser.parse(text.value)
        } catch {
            if error.tooLong {
                self.error(tooLong(text, path: path), at: node, path: path)
            } else {
                self.error("\(text.shown) is not a duration (\(error.reason)); \(DurationParser.hint)", at: node, path: path)
            }
            return nil
        }
        if seconds <= 0, DurationLimits.isPositive(at: path) {
            error("the duration must be longer than 0s", at: node, path: path)
            return nil
        }
        if seconds > DurationLimits.maximum(at: path) {
            error(tooLong(text, path: path), at: node, path: path)
            return nil
        }
        return seconds
    }

    /// "'99w' is longer than the limit of 1d for this key; …" for a duration over the maximum of the key at `path`.
    private func tooLong(_ text: ConfigString, path: String) -> String {
        "\(text.shown) is longer than the limit of \(TimeText.duration(DurationLimits.maximum(at: path))) for this key; "
            + "use a shorter duration"
    }

    /// A string that `value` reads as one of `names` (`Window(rawValue:)`); reports a wrong type, and an
    /// unknown name as `unknown <what> 'x'.` with did-you-mean among `names` (else the list, after `label`).
    mutating func named<Value>(_ node: JSONNode, path: String, unknown what: String, names: [String], label: String,
                               _ value: (String) -> Value?) -> Value? {
        guard let text = string(node, path: path) else { return nil }
        if let found = value(text.value) { return found }
        error("unknown \(what) \(text.shown)." + Self.suggestion(for: text, in: names, label: label), at: node, path: path)
        return nil
    }

    /// The elements of an array; reports a wrong type.
    mutating func array(_ node: JSONNode, path: String, of what: String) -> [JSONNode]? {
        typed(node.elements, node, path: path, expected: "an array of \(what)")
    }

    /// " Did you mean 'x'?" when a candidate is near `word`, else " <label>: a, b, c.".
    static func suggestion(for word: String, in candidates: [String], label: String) -> String {
        let phrase = Suggestion.phrase(for: word, in: candidates)
        return phrase.isEmpty ? " \(label): \(candidates.joined(separator: ", "))." : phrase
    }

    /// Like `suggestion(for:in:label:)`, but a value from the environment is never compared (so never echoed).
    static func suggestion(for text: ConfigString, in candidates: [String], label: String) -> String {
        text.fromEnvironment ? " \(label): \(candidates.joined(separator: ", "))." : suggestion(for: text.value, in: candidates, label: label)
    }

    /// Whether `text` is longer than `maxStringLength` characters.
    static func isTooLong(_ text: String) -> Bool {
        text.utf8.count > maxStringLength && text.count > maxStringLength
    }
}
