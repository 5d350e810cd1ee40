@testable import CoinWatchRules
import Testing
@testable import TestHelpers

/// The default message of every condition kind, firing and resolved, reads well in chat.
@Suite struct AlertMessageTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var condition: Condition
        var status: Alert.Status = .firing
        var price: Double
        var previous: Double? = nil
        var change: Double? = nil
        var vs = "usd"
        var value: Double? = nil
        var text: String
        var testDescription: String { "\(condition.key) \(status.rawValue): \(text)" }
    }

    static let rows: [Row] = [
        Row(condition: .above(100_000), price: 100_250.5, change: 2.31,
            text: "BTC is above $100,000.00 — now $100,250.50 (+2.31% 24h)"),
        Row(condition: .above(100_000), status: .resolved, price: 98_000, change: -1,
            text: "BTC is no longer above $100,000.00 — now $98,000.00 (-1.00% 24h)"),
        Row(condition: .below(2000), price: 1987.654, change: -4.2, text: "BTC is below $2,000.00 — now $1,987.65 (-4.20% 24h)"),
        Row(condition: .below(2000), status: .resolved, price: 2100, text: "BTC is no longer below $2,000.00 — now $2,100.00"),
        Row(condition: .crossesAbove(100_000), price: 100_250.5, previous: 99_800, change: 2.31,
            text: "BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)"),
        Row(condition: .crossesBelow(90_000), price: 89_999, previous: 90_100,
            text: "BTC crossed below $90,000.00 — now $89,999.00"),
        Row(condition: .crosses(50_000), price: 50_010, previous: 49_990, text: "BTC crossed above $50,000.00 — now $50,010.00"),
        Row(condition: .crosses(50_000), price: 49_990, previous: 50_010, text: "BTC crossed below $50,000.00 — now $49,990.00"),
        Row(condition: .change24hAbove(5), price: 1.25, change: 6.2, text: "BTC rose 6.20% in 24h (≥ 5%) — now $1.25"),
        Row(condition: .change24hAbove(5), status: .resolved, price: 1.2, change: 4,
            text: "BTC is no longer up 5% or more in 24h — now $1.20 (+4.00% 24h)"),
        Row(condition: .change24hAbove(-2), price: 1, change: -1.5,
            text: "BTC fell 1.50% in 24h (≥ -2%) — now $1.00"),
        Row(condition: .change24hBelow(-5), price: 0.00001234, change: -7.125,
            text: "BTC fell 7.13% in 24h (≤ -5%) — now $0.00001234"),
        Row(condition: .change24hBelow(-5), status: .resolved, price: 1, change: -2,
            text: "BTC is no longer down 5% or more in 24h — now $1.00 (-2.00% 24h)"),
        Row(condition: .change24hBelow(2), price: 1, change: 1, text: "BTC rose 1.00% in 24h (≤ 2%) — now $1.00"),
        Row(condition: .change24hAbs(10), price: 133.75, change: -12.74, text: "BTC fell 12.74% in 24h (≥ 10%) — now $133.75"),
        Row(condition: .change24hAbs(10), price: 1, change: 10.5, text: "BTC rose 10.50% in 24h (≥ 10%) — now $1.00"),
        Row(condition: .change24hAbs(0), price: 1, change: 0.001, text: "BTC was flat in 24h (≥ 0%) — now $1.00"),
        Row(condition: .change24hAbs(10), price: 1, text: "BTC moved 10% or more in 24h — now $1.00"),
        Row(condition: .change24hAbs(10), status: .resolved, price: 1, change: -3,
            text: "BTC's 24h move is back under 10% — now $1.00 (-3.00% 24h)"),
        Row(condition: .newHigh(.h24), price: 105_000, text: "BTC rose to a new 24h high — now $105,000.00"),
        Row(condition: .newHigh(.all), price: 105_000, text: "BTC rose to a new all-time high — now $105,000.00"),
        Row(condition: .newHigh(.w52), status: .resolved, price: 101_000,
            text: "BTC is no longer at a 52-week high — now $101,000.00"),
        Row(condition: .newLow(.d7), price: 90_000, text: "BTC fell to a new 7-day low — now $90,000.00"),
        Row(condition: .newLow(.d30), status: .resolved, price: 91_000, text: "BTC is no longer at a 30-day low — now $91,000.00"),
        Row(condition: .movePct(pct: 3, within: 3600), price: 103.4, value: 3.4, text: "BTC rose 3.40% within 1h (≥ 3%) — now $103.40"),
        Row(condition: .movePct(pct: 3, within: 3600), price: 103, text: "BTC rose 3% or more within 1h — now $103.00"),
        Row(condition: .movePct(pct: -2.5, within: 5400), price: 96, value: -4, text: "BTC fell 4.00% within 1h30m (≥ 2.5%) — now $96.00"),
        Row(condition: .movePct(pct: 3, within: 3600), status: .resolved, price: 101,
            text: "BTC is no longer up 3% within 1h — now $101.00"),
        Row(condition: .movePct(pct: -3, within: 86_400), status: .resolved, price: 101,
            text: "BTC is no longer down 3% within 1d — now $101.00"),
        Row(condition: .entersRange(low: 60_000, high: 65_000), price: 62_000, previous: 66_000,
            text: "BTC fell into $60,000.00–$65,000.00 — now $62,000.00"),
        Row(condition: .entersRange(low: 60_000, high: 65_000), price: 61_000, previous: 59_000,
            text: "BTC rose into $60,000.00–$65,000.00 — now $61,000.00"),
        Row(condition: .exitsRange(low: 60_000, high: 65_000), price: 59_000, previous: 61_000,
            text: "BTC fell out of $60,000.00–$65,000.00 — now $59,000.00"),
        Row(condition: .exitsRange(low: 60_000, high: 65_000), price: 66_000, previous: 64_000,
            text: "BTC rose out of $60,000.00–$65,000.00 — now $66,000.00"),
        Row(condition: .above(50_000_000), price: 51_234_567, change: 1.5, vs: "krw",
            text: "BTC is above ₩50,000,000 — now ₩51,234,567 (+1.50% 24h)"),
        Row(condition: .below(0.05), price: 0.04213, vs: "eth", text: "BTC is below ETH 0.05000 — now ETH 0.04213"),
        Row(condition: .volume24hAbove(1e9), price: 10, value: 1.2e9,
            text: "BTC's 24h volume is $1.20B (≥ $1.00B) — now $10.00"),
        Row(condition: .volume24hAbove(1e9), status: .resolved, price: 10, text: "BTC's 24h volume is no longer above $1.00B — now $10.00"),
        Row(condition: .volume24hBelow(1e6), price: 10, value: 5e5, text: "BTC's 24h volume is $500.00K (≤ $1.00M) — now $10.00"),
        Row(condition: .volume24hBelow(1e6), status: .resolved, price: 10, text: "BTC's 24h volume is no longer below $1.00M — now $10.00"),
        Row(condition: .marketCapAbove(1e9), price: 10, value: 2e9,
            text: "BTC's market cap is $2.00B (≥ $1.00B) — now $10.00"),
        Row(condition: .marketCapAbove(1e9), status: .resolved, price: 10, text: "BTC's market cap is no longer above $1.00B — now $10.00"),
        Row(condition: .marketCapBelow(1e6), price: 10, value: 1e5, text: "BTC's market cap is $100.00K (≤ $1.00M) — now $10.00"),
        Row(condition: .marketCapBelow(1e6), status: .resolved, price: 10, text: "BTC's market cap is no longer below $1.00M — now $10.00"),
        Row(condition: .rankWithin(10), price: 10, value: 3, text: "BTC is #3 by market cap (top 10) — now $10.00"),
        Row(condition: .rankWithin(10), status: .resolved, price: 10, text: "BTC is no longer in the top 10 by market cap — now $10.00"),
        Row(condition: .premiumAbove(pct: 3, against: .binance, againstVs: "usdt"), price: 140_000_000, vs: "krw", value: 3.42,
            text: "BTC premium against binance (USDT) rose to 3% or more — premium +3.42% — now ₩140,000,000"),
        Row(condition: .premiumAbove(pct: 3, against: .binance, againstVs: "usdt"), status: .resolved, price: 140_000_000, vs: "krw",
            text: "BTC premium against binance (USDT) is no longer 3% or more — now ₩140,000,000"),
        Row(condition: .premiumBelow(pct: -1, against: .binance, againstVs: "usdt"), price: 130_000_000, vs: "krw", value: -2.5,
            text: "BTC premium against binance (USDT) fell to -1% or less — premium -2.50% — now ₩130,000,000"),
        Row(condition: .premiumBelow(pct: -1, against: .binance, againstVs: "usdt"), status: .resolved, price: 130_000_000, vs: "krw",
            text: "BTC premium against binance (USDT) is no longer -1% or less — now ₩130,000,000"),
        Row(condition: .valueAbove(50_000), price: 100_000, value: 55_000,
            text: "BTC holding is worth $55,000.00, above $50,000.00 — now $100,000.00"),
        Row(condition: .valueAbove(50_000), status: .resolved, price: 100_000,
            text: "BTC holding is no longer worth more than $50,000.00 — now $100,000.00"),
        Row(condition: .valueBelow(20_000), price: 30_000, value: 15_000,
            text: "BTC holding is worth $15,000.00, below $20,000.00 — now $30,000.00"),
        Row(condition: .valueBelow(20_000), status: .resolved, price: 30_000,
            text: "BTC holding is no longer worth less than $20,000.00 — now $30,000.00"),
        Row(condition: .pnlPctAbove(50), price: 48_000, value: 60,
            text: "BTC holding's P&L rose to +50% or more — P&L +60.00% — now $48,000.00"),
        Row(condition: .pnlPctAbove(50), status: .resolved, price: 48_000, text: "BTC holding's P&L is back below +50% — now $48,000.00"),
        Row(condition: .pnlPctBelow(-20), price: 20_000, value: -33.33,
            text: "BTC holding's P&L fell to -20% or less — P&L -33.33% — now $20,000.00"),
        Row(condition: .pnlPctBelow(-20), status: .resolved, price: 20_000, text: "BTC holding's P&L is back above -20% — now $20,000.00"),
        Row(condition: .all([.above(100), .change24hAbove(5)]), price: 101, change: 6,
            text: "BTC meets all of: above $100.00, change_24h_above 5% — now $101.00 (+6.00% 24h)"),
        Row(condition: .all([.above(100), .change24hAbove(5)]), status: .resolved, price: 99,
            text: "BTC no longer meets all of: above $100.00, change_24h_above 5% — now $99.00"),
        Row(condition: .any([.below(50), .rankWithin(3)]), price: 49, text: "BTC meets one of: below $50.00, rank_within 3 — now $49.00"),
        Row(condition: .any([.below(50), .rankWithin(3)]), status: .resolved, price: 60,
            text: "BTC no longer meets any of: below $50.00, rank_within 3 — now $60.00"),
        Row(condition: .rsiAbove(70, timeframe: .h1), price: 100, value: 71.34,
            text: "BTC RSI(14, 1h) is at or above 70 — now 71.3; price $100.00"),
        Row(condition: .rsiAbove(70, timeframe: .h1), status: .resolved, price: 100,
            text: "BTC RSI(14, 1h) is no longer above 70 — now $100.00"),
        Row(condition: .rsiBelow(30, timeframe: .h1), price: 100, value: 28.94,
            text: "BTC RSI(14, 1h) is at or below 30 — now 28.9; price $100.00"),
        Row(condition: .rsiBelow(30, timeframe: .h1), status: .resolved, price: 100,
            text: "BTC RSI(14, 1h) is no longer below 30 — now $100.00"),
        Row(condition: .rsiCrossesAbove(70, timeframe: .h1), price: 100, value: 71.34,
            text: "BTC RSI(14, 1h) crossed above 70 — now 71.3; price $100.00"),
        Row(condition: .rsiCrossesBelow(30, timeframe: .h1), price: 100, value: 28.94,
            text: "BTC RSI(14, 1h) crossed below 30 — now 28.9; price $100.00"),
        Row(condition: .maCrossesAbove(fast: 50, slow: 200, timeframe: .d1), price: 100, value: 101.5,
            text: "BTC SMA(50, 1d) crossed above SMA(200, 1d) — SMA(50, 1d) now $101.50; price $100.00"),
        Row(condition: .maCrossesBelow(fast: 50, slow: 200, timeframe: .d1), price: 100, value: 98.5,
            text: "BTC SMA(50, 1d) crossed below SMA(200, 1d) — SMA(50, 1d) now $98.50; price $100.00"),
        Row(condition: .priceAboveAverage(period: 200, timeframe: .d1), price: 100, value: 95,
            text: "BTC is above its SMA(200, 1d) — SMA(200, 1d) $95.00; price $100.00"),
        Row(condition: .priceAboveAverage(period: 200, timeframe: .d1), status: .resolved, price: 100,
            text: "BTC is no longer above its SMA(200, 1d) — now $100.00"),
        Row(condition: .priceBelowAverage(period: 200, timeframe: .d1, average: .ema), price: 100, value: 105,
            text: "BTC is below its EMA(200, 1d) — EMA(200, 1d) $105.00; price $100.00"),
        Row(condition: .priceBelowAverage(period: 200, timeframe: .d1, average: .ema), status: .resolved, price: 100,
            text: "BTC is no longer below its EMA(200, 1d) — now $100.00"),
        Row(condition: .bollingerAbove(timeframe: .h4), price: 100, value: 99,
            text: "BTC is above its upper BB(20, 4h) band — band $99.00; price $100.00"),
        Row(condition: .bollingerAbove(timeframe: .h4), status: .resolved, price: 100,
            text: "BTC is back inside its BB(20, 4h) bands — now $100.00"),
        Row(condition: .bollingerBelow(timeframe: .h4), price: 100, value: 101,
            text: "BTC is below its lower BB(20, 4h) band — band $101.00; price $100.00"),
        Row(condition: .bollingerBelow(timeframe: .h4), status: .resolved, price: 100,
            text: "BTC is back inside its BB(20, 4h) bands — now $100.00"),
        Row(condition: .volumeSpike(x: 3, timeframe: .h1, n: 20), price: 100, value: 4.256,
            text: "BTC's 1h volume spiked to 3× its 20-candle mean or more — 4.26× — now $100.00"),
        Row(condition: .volumeSpike(x: 3, timeframe: .h1, n: 20), status: .resolved, price: 100,
            text: "BTC's 1h volume is no longer 3× its mean — now $100.00"),
        Row(condition: .changeFrom(pct: -10, reference: 64000), price: 56000, value: -12.5,
            text: "BTC fell 10% or more from $64,000.00 (-12.50%) — now $56,000.00"),
        Row(condition: .changeFrom(pct: -10, reference: 64000), status: .resolved, price: 60000,
            text: "BTC is no longer down 10% from $64,000.00 — now $60,000.00"),
        Row(condition: .changeFrom(pct: 25, reference: nil), price: 130, value: 30,
            text: "BTC rose 25% or more from its first price (+30.00%) — now $130.00"),
        Row(condition: .trailingDrop(10), price: 100, value: 12.5,
            text: "BTC fell 12.5% from its high of $114.29 (≥ 10%) — now $100.00"),
        Row(condition: .trailingDrop(10), status: .resolved, price: 100,
            text: "BTC is no longer 10% from its highest price — now $100.00"),
        Row(condition: .trailingRise(10), price: 100, value: 12.5,
            text: "BTC rose 12.5% from its low of $88.89 (≥ 10%) — now $100.00"),
        Row(condition: .trailingRise(10), status: .resolved, price: 100,
            text: "BTC is no longer 10% from its lowest price — now $100.00"),
    ]

    @Test(arguments: rows)
    func defaultMessageReadsWell(_ row: Row) {
        #expect(AlertMessage.defaultText(for: Self.alert(row), condition: row.condition) == row.text)
    }

    @Test func everyConditionKindHasAFiringMessageRow() {
        let kinds = Set(Self.rows.map(\.condition.key))
        // An exchange event's message is its kind's `message(_:resolved:)` of the market change
        // (MarketEventStage), not this default text: ExchangeEventMessageTests and ExchangeEventsEndToEndTests.
        let exchangeEvents = Set(ConditionRegistry.kinds.filter { $0 is any ExchangeEventKind.Type }.map { $0.key })
        #expect(exchangeEvents == ["listed", "delisting", "caution"])
        #expect(kinds.union(exchangeEvents) == Set(ConditionRegistry.keys))
        let resolved = Set(Self.rows.filter { $0.status == .resolved }.map(\.condition.key))
        let levels = Set(ConditionRegistry.kinds.filter { $0.timing == .level }.map { $0.key })
        #expect(levels.isSubset(of: resolved), "every level kind has a resolved row")
    }

    @Test func templatePlaceholdersTakeTheDefaultFormats() {
        let row = Row(condition: .crossesAbove(100_000), price: 100_250.5, previous: 99_800, change: 2.31, text: "")
        let values = AlertMessage.values(for: Self.alert(row), condition: row.condition)
        #expect(values["price"] == "$100,250.50")
        #expect(values["previous"] == "$99,800.00")
        #expect(values["threshold"] == "$100,000.00")
        #expect(values["change_24h"] == "+2.31%")
        #expect(values["symbol"] == "BTC" && values["name"] == "Bitcoin" && values["coin"] == "bitcoin")
        #expect(values["condition"] == "crosses_above" && values["rule"] == "r" && values["vs"] == "USD")
        #expect(values["status"] == "firing" && values["time"] == "2027-01-15T08:00:00Z")
        #expect(Set(values.keys) == Set(MessageTemplate.placeholders))
        let template = "{symbol} {price} ({change_24h}) over {threshold}, was {previous} [{rule}/{status}]"
        #expect(MessageTemplate.render(template, values: values)
            == "BTC $100,250.50 (+2.31%) over $100,000.00, was $99,800.00 [r/firing]")
    }

    /// SPEC §2 `message`: `{value}` is formatted as in the default message, a percentage signed to two
    /// decimals, whether the rule's condition or only the record (a `command` sink's argv) is at hand.
    @Test func valueIsAPercentageAsTheDefaultMessageWritesIt() {
        let rows = [
            (Row(condition: .pnlPctAbove(10), price: 1266.66, value: 26.666000000000018, text: ""), "+26.67%", "10%"),
            (Row(condition: .change24hAbove(0.1), price: 16_951.52, change: 0.14088, value: 0.14088, text: ""), "+0.14%", "0.1%"),
            (Row(condition: .premiumAbove(pct: -50, against: .binance, againstVs: "usdt"), price: 1, value: 1.8930247106662579,
                 text: ""), "+1.89%", "-50%"),
            (Row(condition: .change24hAbove(-2), price: 1, change: -3.456, value: -3.456, text: ""), "-3.46%", "-2%"),
        ]
        for (row, value, threshold) in rows {
            for values in [AlertMessage.values(for: Self.alert(row), condition: row.condition), AlertMessage.values(for: Self.alert(row))] {
                #expect(values["value"] == value && values["threshold"] == threshold, "\(row.condition.key): \(values)")
            }
        }
    }

    @Test func absentValuesRenderEmpty() {
        let row = Row(condition: .newHigh(.h24), price: 5, text: "")
        let values = AlertMessage.values(for: Self.alert(row), condition: row.condition)
        #expect(values["previous"] == "" && values["threshold"] == "" && values["change_24h"] == "")
        let moveRow = Row(condition: .movePct(pct: -3, within: 60), price: 5, text: "")
        let move = AlertMessage.values(for: Self.alert(moveRow), condition: moveRow.condition)
        #expect(move["threshold"] == "-3%")
    }

    static func alert(_ row: Row) -> Alert {
        Alert(id: "x", time: 1_800_000_000, rule: "r", coin: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: row.vs,
              condition: row.condition.key, threshold: row.condition.threshold, price: row.price, previous: row.previous,
              change24h: row.change, status: row.status, provider: "coingecko", message: "", value: row.value)
    }
}
