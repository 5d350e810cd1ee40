@testable import CoinWatchSupport
import Testing
@testable import TestHelpers

/// Default messages read well in chat: currency-aware prices, signed percentages, K/M/B/T.
@Suite struct NumberTextTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var value: Double
        var vs: String
        var text: String
        var testDescription: String { "\(value) \(vs) → \(text)" }
    }

    static let money: [Row] = [
        Row(value: 100_250.5, vs: "usd", text: "$100,250.50"),
        Row(value: 100_000, vs: "USD", text: "$100,000.00"),
        Row(value: 1_234_567.891, vs: "usd", text: "$1,234,567.89"),
        Row(value: 999.999, vs: "usd", text: "$1,000.00"),
        Row(value: 1, vs: "usd", text: "$1.00"),
        Row(value: 0.5, vs: "usd", text: "$0.5000"),
        Row(value: 0.06412, vs: "usd", text: "$0.06412"),
        Row(value: 0.00001234, vs: "usd", text: "$0.00001234"),
        Row(value: 0.000000012344, vs: "usd", text: "$0.00000001234"),
        Row(value: 0, vs: "usd", text: "$0.00"),
        Row(value: 45_000_000, vs: "krw", text: "₩45,000,000"),
        Row(value: 45_000_000.4, vs: "KRW", text: "₩45,000,000"),
        Row(value: 150.6, vs: "krw", text: "₩151"),
        Row(value: 41.5, vs: "krw", text: "₩41.50"),
        Row(value: 0.0345, vs: "krw", text: "₩0.03450"),
        Row(value: 15_234_567.8, vs: "jpy", text: "¥15,234,568"),
        Row(value: 91_234.5, vs: "eur", text: "€91,234.50"),
        Row(value: 1234.5, vs: "gbp", text: "£1,234.50"),
        Row(value: 1234.5, vs: "chf", text: "CHF 1,234.50"),
        Row(value: 0.06412, vs: "eth", text: "ETH 0.06412"),
        Row(value: 1.5, vs: "btc", text: "₿1.50"),
        Row(value: 7.1, vs: "cny", text: "CN¥7.10"),
        // `$` is the US dollar only (SPEC §3): a stablecoin reads by its code.
        Row(value: 100_000.12, vs: "usdt", text: "USDT 100,000.12"),
        Row(value: 3_976.29, vs: "USDT", text: "USDT 3,976.29"),
        Row(value: 0.9998, vs: "usdc", text: "USDC 0.9998"),
        Row(value: -12.5, vs: "eth", text: "-ETH 12.50"),
    ]

    @Test(arguments: money)
    func pricesAreFormattedForTheirCurrency(_ row: Row) {
        #expect(NumberText.money(row.value, vs: row.vs) == row.text)
    }

    static let percents: [(Double, String)] = [
        (2.31, "+2.31%"), (-12.5, "-12.50%"), (0, "+0.00%"), (-0.001, "+0.00%"), (0.005, "+0.01%"),
        (-0.006, "-0.01%"), (1234.5, "+1,234.50%"),
    ]

    @Test func percentagesAreSignedWithTwoDecimals() {
        for (value, text) in Self.percents {
            #expect(NumberText.percent(value) == text, "\(value)")
        }
    }

    static let abbreviations: [Row] = [
        Row(value: 1_530_000_000_000, vs: "usd", text: "$1.53T"),
        Row(value: 845_200_000, vs: "usd", text: "$845.20M"),
        Row(value: 2_500_000_000, vs: "eur", text: "€2.50B"),
        Row(value: 12_300, vs: "eth", text: "ETH 12.30K"),
        Row(value: 999, vs: "usd", text: "$999.00"),
        Row(value: 3_000_000_000_000_000, vs: "usd", text: "$3000.00T"),
    ]

    @Test(arguments: abbreviations)
    func marketCapAndVolumeAreAbbreviated(_ row: Row) {
        #expect(NumberText.abbreviated(row.value, vs: row.vs) == row.text)
    }
}
