extension QuietHours {
    /// Reads `"HH:MM-HH:MM"` (24-hour local time; the window may wrap past midnight); nil when malformed.
    package init?(parsing text: String) {
        let halves = text.split(separator: "-", omittingEmptySubsequences: false)
        guard halves.count == 2,
              let start = Self.minutes(of: halves[0].trimmingSpaces),
              let end = Self.minutes(of: halves[1].trimmingSpaces) else { return nil }
        self.init(start: start, end: end)
    }

    /// Minutes since midnight of `H:MM` or `HH:MM`, or nil.
    private static func minutes(of text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension QuietHours {
    /// `init(parsing:)`'s test as a regular expression (rules.schema.json): `H:MM-H:MM` or
    /// `HH:MM-HH:MM` within a day, spaces around the parts, start and end not the same minute.
    package static let pattern = "^(?! *0?([0-9]|1[0-9]|2[0-3]):([0-5][0-9]) *- *0?\\1:\\2 *$)"
        + " *(?:[01]?[0-9]|2[0-3]):[0-5][0-9] *- *(?:[01]?[0-9]|2[0-3]):[0-5][0-9] *$"
}
