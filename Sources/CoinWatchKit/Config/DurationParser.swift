/// Durations as rules.json and the command line write them: `90s`, `15m`, `1h`, `7d`, `2w`, `1h30m`.
public enum DurationParser {
    /// The sentence that every duration error ends with.
    public static let hint = "expected a duration like 90s, 15m, 1h30m, 7d"

    /// The error for a duration longer than `DurationLimits.absolute` (100 years).
    static let tooLong = DurationError(reason: "the duration is too long (more than 100 years)", tooLong: true)

    /// Seconds per unit letter.
    static let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]

    /// Parses `text` into seconds (≥ 0); a lone `0` is allowed, anything else needs units. Throws `DurationError`.
    public static func parse(_ text: String) throws(DurationError) -> Double {
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

    /// Writes seconds back in the shortest unit form: 5400 → "1h30m", 0 → "0s".
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0s" }
        let seconds = min(seconds, 1e15)
        var rest = Int(seconds.rounded(.down))
        var text = ""
        for (letter, size) in [("w", 604_800), ("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(letter)"
            rest %= size
        }
        let fraction = seconds - seconds.rounded(.down)
        if fraction > 0 {
            let wholeSeconds = Int(seconds.rounded(.down)) % 60
            if wholeSeconds > 0 { text.removeLast("\(wholeSeconds)s".count) }
            let value = Double(wholeSeconds) + fraction
            text += "\(value)s"
        }
        return text
    }
}
