import CoinWatchSupport
/// The regular expressions of rules.schema.json (ECMA-262 and Python's `re` read them alike), each
/// built from the table the validator checks against.
enum SchemaPattern {
    /// A name spelled in any case: `[Cc][Oo][Ii][Nn]`.
    static func caseless(_ word: String) -> String {
        word.map { character in
            character.isLetter && character.isASCII ? "[\(character.uppercased())\(character.lowercased())]" : escape(String(character))
        }.joined()
    }

    /// Exactly one of `words`, in any case.
    static func words(_ words: [String]) -> String {
        "^(?:" + words.map(caseless).joined(separator: "|") + ")$"
    }

    /// `text` with the characters a regular expression reads specially escaped.
    static func escape(_ text: String) -> String {
        text.map { "\\^$.|?*+()[]{}/".contains($0) ? "\\\($0)" : String($0) }.joined()
    }

    /// A `${NAME}` or `${file:PATH}`: the value is known only once expanded, so the schema takes the text as it stands.
    static let environment = "\\$\\{[^}]*\\}"

    /// A URL of one of `schemes` as `RulesValidator.isURL` takes it (a host for all but `file`, whose
    /// path starts with `/`; no control characters or spaces), or any text holding a `${…}`.
    static func url(_ schemes: [String]) -> String {
        let allowed = "[^" + RulesValidator.urlForbidden.map { range in
            range.lowerBound == range.upperBound ? unicode(range.lowerBound) : unicode(range.lowerBound) + "-" + unicode(range.upperBound)
        }.joined() + "]"
        let hostStart = String(allowed.dropLast()) + "/?#:]"
        let forms = schemes.map { scheme in
            caseless(scheme) + "://" + (scheme == "file" ? "/" + allowed + "*" : hostStart + allowed + "*")
        }
        return "^(?:" + forms.joined(separator: "|") + ")$|" + environment
    }

    /// `\u0020` for 0x20.
    static func unicode(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A message template (`MessageTemplate.parse`) whose placeholders are all among `names`: `{{` and
    /// `}}` for literal braces, `${…}` taken as it stands. `nonEmpty` refuses "".
    static func template(_ names: [String], nonEmpty: Bool, forbidding: String = "") -> String {
        let placeholders = names.isEmpty ? "" : "|\\{(?:" + names.joined(separator: "|") + ")\\}"
        return "^(?:[^{}" + forbidding + "]|\\{\\{|\\}\\}|" + environment + placeholders + ")" + (nonEmpty ? "+" : "*") + "$"
    }

    /// A duration (`DurationParser`) of at most `maximum` seconds, above zero when `positive`; each term is
    /// bounded on its own, so a sum or a fraction over the maximum is left to `check`.
    static func duration(maximum: Double, positive: Bool) -> String {
        let units = DurationParser.units.sorted { $0.value < $1.value }
        let letters = String(units.map(\.key))
        let terms = units.map { unit, size in
            let bound = maximum / size
            let whole = Int(bound.rounded(.down))
            let number = bound == Double(whole)
                ? (whole == 0 ? "0" : "(?:" + (atMost(whole - 1).map { "(?:" + $0 + ")(?:\\.[0-9]*)?|" } ?? "") + "\(whole)(?:\\.0*)?)")
                : atMost(whole).map { "(?:" + $0 + ")(?:\\.[0-9]*)?" } ?? "0"
            return "0*" + number + String(unit)
        }
        let body = "(?!.*([\(letters)]).*\\1)(?:(?=[0-9.]{1,24}[\(letters)])(?:" + terms.joined(separator: "|") + "))+"
        return positive ? "^(?=[^1-9]*[1-9])" + body + "$" : "^(?:0|" + body + ")$"
    }

    /// Whole numbers 0 through `n` written without leading zeros, as alternatives.
    static func atMost(_ n: Int) -> String? {
        guard n >= 0 else { return nil }
        let digits = Array(String(n)).map { Int(String($0)) ?? 0 }
        var options = ["[0-9]"]
        if digits.count == 1 { return n == 0 ? "0" : n == 9 ? "[0-9]" : "[0-\(n)]" }
        for length in stride(from: 2, to: digits.count, by: 1) {
            options.append("[1-9][0-9]{\(length - 1)}")
        }
        for index in digits.indices {
            let low = index == 0 ? 1 : 0
            guard digits[index] > low else { continue }
            let prefix = digits[..<index].map(String.init).joined()
            let rest = digits.count - index - 1
            let range = digits[index] - 1 == low ? "\(low)" : "[\(low)-\(digits[index] - 1)]"
            options.append(prefix + range + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        options.append(String(n))
        return options.joined(separator: "|")
    }
}
