/// Parses the date formats HTTP allows (IMF-fixdate, RFC 850, asctime), always in GMT.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Seconds since 1970-01-01T00:00:00Z for an HTTP-date (years 1 to 9999), or nil when the text is not one.
    static func secondsSince1970(_ text: String) -> Int? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "-" }
        guard let monthToken = tokens.first(where: { $0.count == 3 && months.contains($0.lowercased()) }),
              let month = months.firstIndex(of: monthToken.lowercased()),
              let clock = tokens.first(where: { $0.contains(":") }) else { return nil }
        let numbers = tokens.filter { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }.compactMap { Int($0) }
        let time = clock.split(separator: ":").compactMap { Int($0) }
        guard numbers.count == 2, time.count == 3 else { return nil }
        let day = numbers[0]
        var year = numbers[1]
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        // Years beyond 9999 are not HTTP-dates (and would overflow the day count).
        guard (1...9999).contains(year), (1...31).contains(day), (0...23).contains(time[0]), (0...59).contains(time[1]),
              (0...60).contains(time[2]) else { return nil }
        let days = daysFromCivil(year: year, month: month + 1, day: day)
        return days * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
