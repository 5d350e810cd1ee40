/// Durations as rules.json and the command line write them: `90s`, `15m`, `1h`, `7d`, `2w`, `1h30m`.
package enum DurationParser {
    /// The sentence that every duration error ends with.
    package static let hint = "expected a duration like 90s, 15m, 1h30m, 7d"

    /// The error for a duration longer than `DurationLimits.absolute` (100 years).
    static let tooLong = DurationError(reason: "the duration is too long (more than 100 years)", tooLong: true)

    /// Seconds per unit letter.
    static let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]

    /// Parses `text` into seconds (≥ 0); a lone `0` is allowed, anything else needs units. Throws `DurationError`.
    package static func parse(_ text: String) throws(DurationError) -> Double {
        if text.isEmpty { throw DurationError(reason: "the duration is empty") }
        if text == "0" { return 0 }
        if text.hasPrefix("-") { throw DurationError(reason: "a duration cannot be negative") }
        if text.contains(where: \.isWhitespace) { throw DurationError(reason: "a duration cannot contain spaces") }
        var total = 0.0
        var number = ""
        var seenUnits: Set<Character> = []
        for character in text {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
                continue
            }
            guard let unit = units[character] else {
                throw DurationError(reason: "unknown unit; the units are s, m, h, d and w")
            }
            guard !number.isEmpty else {
                throw DurationError(reason: "each unit needs a number before it")
            }
            guard number.utf8.count <= 24 else { throw tooLong }
            guard let value = Double(number), number.first != "." else {
                throw DurationError(reason: "malformed number")
            }
            guard seenUnits.insert(character).inserted else {
                throw DurationError(reason: "a unit appears more than once")
            }
            total += value * unit
            guard total <= DurationLimits.absolute else { throw tooLong }
            number = ""
        }
        guard number.isEmpty else {
            throw DurationError(reason: "a number needs a unit (s, m, h, d or w)")
        }
        guard total.isFinite, total <= DurationLimits.absolute else { throw tooLong }
        return total
    }
}
