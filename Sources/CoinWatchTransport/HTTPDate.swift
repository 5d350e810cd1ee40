import CoinWatchSupport

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
        // Years beyond 9999 are not HTTP-dates (and would overflow `tm_year`).
        guard (1...9999).contains(year), (1...31).contains(day), (0...23).contains(time[0]), (0...59).contains(time[1]),
              (0...60).contains(time[2]) else { return nil }
        let monthStart = Int(TimeText.utcMonthStart(year: year, month: month + 1))
        return monthStart + (day - 1) * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]
    }
}
