import Testing
@testable import TestHelpers
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import CoinWatchSupport

@Suite struct DateTimeParserTests {
    /// 2026-12-31T23:59:00Z.
    let utc = Date(timeIntervalSince1970: 1_798_761_540)

    /// The local wall-clock fields of `date` (as `TZ` says).
    func localFields(_ date: Date) -> [Int] {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return [Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
                Int(parts.tm_min), Int(parts.tm_sec)]
    }

    @Test func utcAndOffsetForms() {
        #expect(DateTimeParser.parse("2026-12-31T23:59:00Z") == utc)
        #expect(DateTimeParser.parse("2026-12-31T23:59:00+09:00") == utc.addingTimeInterval(-9 * 3_600))
        #expect(DateTimeParser.parse("2026-12-31T23:59:00-0530") == utc.addingTimeInterval(5.5 * 3_600))
        #expect(DateTimeParser.parse("2026-12-31T23:59:00.5Z") == utc.addingTimeInterval(0.5))
    }

    @Test func withoutOffsetItIsLocalTime() throws {
        let minute = try #require(DateTimeParser.parse("2026-12-31T23:59"))
        #expect(localFields(minute) == [2026, 12, 31, 23, 59, 0])
        let second = try #require(DateTimeParser.parse("2026-06-30T08:15:30"))
        #expect(localFields(second) == [2026, 6, 30, 8, 15, 30])
    }

    @Test func plainDateIsLocalMidnight() throws {
        let date = try #require(DateTimeParser.parse("2026-12-31"))
        #expect(localFields(date) == [2026, 12, 31, 0, 0, 0])
    }

    @Test func withoutOffsetItIsUTCOrRefusedWhereTheCallerSays() {
        #expect(DateTimeParser.parse("2026-12-31T23:59:00", unzoned: .utc) == utc)
        #expect(DateTimeParser.parse("2026-12-31T23:59:00+09:00", unzoned: .utc) == utc.addingTimeInterval(-9 * 3_600))
        #expect(DateTimeParser.parse("2026-12-31T23:59:00.5Z", unzoned: .refused) == utc.addingTimeInterval(0.5))
        #expect(DateTimeParser.parse("2026-12-31T23:59:00", unzoned: .refused) == nil)
        #expect(DateTimeParser.parse("2026-12-31", unzoned: .refused) == nil)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "tomorrow", "2026-12-31T25:00", "2026-12-31T23:59:00+25:00",
                      "2026-12-31T23", "26-12-31", "2026-12-31T23:59:00Zjunk", ""])
    func otherTextIsRefused(text: String) {
        #expect(DateTimeParser.parse(text) == nil)
    }

    /// A provider's date is data we did not write: it may carry any offset ISO 8601 allows, hours alone
    /// included, and a year before 1970.
    @Test func aProvidersDateTakesAnHourOnlyOffsetAndAYearBefore1970() {
        #expect(DateTimeParser.parse("2026-12-31T23:59:00+09", unzoned: .refused) == utc.addingTimeInterval(-9 * 3_600))
        #expect(DateTimeParser.parse("2026-12-31T23:59:00.5-05", unzoned: .utc) == utc.addingTimeInterval(5 * 3_600 + 0.5))
        #expect(DateTimeParser.parse("1969-07-20T20:17:40Z", unzoned: .refused) == Date(timeIntervalSince1970: -14_182_940))
        #expect(DateTimeParser.parse("1969-07-20T20:17:40", unzoned: .utc) == Date(timeIntervalSince1970: -14_182_940))
        for text in ["2026-12-31T23:59:00+09:", "2026-12-31T23:59:00+9", "2026-12-31T23:59:00+24"] {
            #expect(DateTimeParser.parse(text, unzoned: .refused) == nil, "\(text)")
        }
    }

    /// A time a user writes (`expires`, `--since`) keeps the documented forms: hours and minutes in an offset, from 1970.
    @Test(arguments: ["2026-12-31T23:59:00+09", "1969-07-20T20:17:40Z", "1969-12-31"])
    func aUsersTimeKeepsTheDocumentedForms(text: String) {
        #expect(DateTimeParser.parse(text) == nil)
    }

    @Test func leapDayIsAccepted() {
        #expect(DateTimeParser.parse("2028-02-29T00:00:00Z") != nil)
    }
}
