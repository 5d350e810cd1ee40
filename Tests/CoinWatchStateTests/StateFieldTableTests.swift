import Foundation
@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// Each state record lists its fields once (`StateFields`), and the byte reader, the byte writer and
/// `Codable` all work from that one table (SPEC §5: one JSON document; old files keep loading).
@Suite struct StateFieldTableTests {
    /// Every record with every field set to something other than its default.
    static func document() -> StateDocument {
        var doc = StateDirectDecoderTests.full()
        doc.memory.windows["binance|usdt|BTC"] = TradedWindow(open: 1_800_000_000, close: 1_800_000_060, low: 1.5, high: 2.25)
        doc.outbox[0].alerts[0].markWick(100_300)
        doc.outbox[0].attempts = 2
        doc.outbox[0].lastError = SecretScrubber.none.scrub("HTTP 503 from https://hooks.example/x")
        doc.lastPass = 1_800_000_061.5
        doc.fileSpool["/tmp/a.jsonl"] = ["{\"a\":1}"]
        return doc
    }

    /// The chat side's section with every field set (`document()` keeps the bytes written before it).
    static func control() -> ControlState {
        var control = ControlState()
        control.offsets["telegram"] = "17"
        control.answers = [controlAnswer()]
        control.unknown["telegram:99"] = 1_800_000_000
        return control
    }

    static func controlAnswer() -> ControlAnswer {
        var answer = ControlAnswer(transport: "telegram", chat: "42", text: "BTC $100,000", key: "telegram:16", queuedAt: 1_800_000_000)
        answer.attempts = 2
        answer.notBefore = 1_800_000_001
        answer.chart = ControlChart(coin: "bitcoin", symbol: "btc", vs: "usd", provider: "coingecko", range: "7d")
        return answer
    }

    static func alert() -> Alert {
        var alert = Alert(id: "a1", time: 1_800_000_000, rule: "r", coin: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd",
                          condition: "crosses_above", threshold: 100_000, price: 100_250.5, previous: 99_000,
                          change24h: -2.5, status: .resolved, provider: "binance", message: "up", value: 7)
        alert.markWick(100_300)
        alert.backtest = true
        alert.source = "stream"
        alert.url = "https://www.binance.com/en/trade/BTC_USDT?type=spot"
        alert.flags = ["PRICE_FLUCTUATIONS"]
        return alert
    }

    /// A listed market with every field set (exchange events' flags, ending and since, SPEC §14).
    static func listedMarket() -> ListedMarket {
        var market = ListedMarket(code: "KRW-BTC", base: "BTC", name: "Bitcoin", flags: ["WARNING"], ending: "2026-12-31")
        market.since = 1_800_000_000
        return market
    }

    static func listing() -> MarketListing {
        var listing = MarketListing(fetchedAt: 1_800_000_000, markets: [listedMarket()])
        listing.seenBy = ["caution-all"]
        return listing
    }

    static func quote() -> Quote {
        Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 100_250.5, change24h: -2.5,
              high24h: 101_000, low24h: 99_000, high52w: 110_000, low52w: 50_000, ath: 120_000,
              athDate: Date(timeIntervalSince1970: 1_636_554_251.849), atl: 67.81, atlDate: Date(timeIntervalSince1970: 1_373_846_400),
              volume24h: 3.5e10, marketCap: 2e12, rank: 1, time: Date(timeIntervalSince1970: 1_800_000_000), provider: "coingecko")
    }

    static func outboxEntry() -> OutboxEntry {
        var entry = OutboxEntry(sink: "team", alerts: [alert()], queuedAt: 1_800_000_000, held: true)
        entry.attempts = 3
        entry.firstAttempt = 1_800_000_010
        entry.notBefore = 1_800_000_600
        entry.partsDelivered = 1
        entry.lastError = SecretScrubber.none.scrub("HTTP 503")
        entry.chart = "iVBORw0KGgo="
        entry.chartURI = "mxc://example.org/chart1"
        return entry
    }

    static func pair() -> PairState {
        var pair = PairState()
        pair.firing = true
        pair.trueSince = 1
        pair.lastNotified = 2
        pair.lastFired = 3
        pair.firedOnce = true
        pair.resolvedOnce = true
        pair.rearmAt = 4
        pair.reference = 5
        return pair
    }

    /// The bytes the writer wrote for `document()` before the tables (the outbox through `JSONEncoder`,
    /// which escapes `/` as `\/`): what every state file of this version looks like.
    static let writtenBefore = #"{"backoff":{"coingecko":1800000120},"charts":{"coingecko|usd|bitcoin":{"fetched_at":1800000000,"prices":[1,2.5"#
            + #"]}},"counters":{"alerts|btc-100k|firing":1,"requests|coingecko":12},"file_spool":{"/tmp/a.jsonl":["{\"a\":1}"]"#
            + #"},"last_pass":1800000061.5,"listings":{"upbit|krw":{"fetched_at":1800000000,"markets":[{"base":"BTC","code":"K"#
            + #"RW-BTC"}]}},"outages":{"coinpaprika":{"error":"HTTP 502: Bad Gateway","reported":1800000060,"since":1800000000"#
            + #"}},"outbox":[{"alerts":[{"coin":"bitcoin","condition":"above","extreme":100300,"id":"a1","message":"BTC is abo"#
            + #"ve","name":"Bitcoin","price":100250.5,"provider":"coingecko","rule":"btc-100k","status":"firing","symbol":"BTC"#
            + #"","threshold":100000,"time":1800000000,"vs":"usd","wick":true}],"attempts":2,"held":false,"last_error":"HTTP 5"#
            + #"03 from https:\/\/hooks.example\/x","parts_delivered":0,"queued_at":1800000000,"sink":"team"}],"pairs":{"btc-1"#
            + #"00k|bitcoin":{"fired_once":true,"firing":true,"last_fired":1800000060,"last_notified":1800000060.25,"rearm_at""#
            + #":99000.125,"resolved_once":true,"true_since":1800000000},"quiet|ethereum":{},"odd|\"quoted\\ / tab\tnewline\n "#
            + #"é ✓":{}},"prices":{"bitcoin|usd":{"covered_from":1800000000,"first_seen":1800000000,"points":[[1800000000,1002"#
            + #"50.5],[1800000060,0.30000000000000004]]},"empty|usd":{"covered_from":1700000000,"first_seen":1700000000,"point"#
            + #"s":[]},"tiny|usd":{"covered_from":1700000500,"first_seen":1700000000,"points":[[1700000600,3.2014e-08]]}},"quo"#
            + #"te_cache":{"coingecko|usd|bitcoin":{"fetched_at":1800000000,"quote":{"athDate":658247051.849,"change24h":-2.5,"#
            + #""name":"Bitcoin","price":100250.5,"provider":"coingecko","providerID":"bitcoin","symbol":"BTC","vs":"usd"}}},""#
            + #"resolved":{"coingecko":{"BTC":"bitcoin","Ether/USD":"ethereum"}},"silences":[{"comment":"planned \"upgrade\"","#
            + #""created":1800000000,"id":"ab12cd34","target":"btc-100k:bitcoin","until":1800003600}],"symbols":{"bitcoin":"BT"#
            + #"C"},"unresolved":{"coingecko|nope-coin":1800086400},"version":1,"windows":{"binance|usdt|BTC":{"close":1800000"#
            + #"060,"high":2.25,"low":1.5,"open":1800000000}}}"#

    /// The same document as `JSONEncoder` with `.sortedKeys` wrote it before the tables.
    static let encodedBefore = #"{"backoff":{"coingecko":1800000120},"charts":{"coingecko|usd|bitcoin":{"fetched_at":1800000000,"prices":[1,2.5"#
            + #"]}},"counters":{"alerts|btc-100k|firing":1,"requests|coingecko":12},"file_spool":{"\/tmp\/a.jsonl":["{\"a\":1}"#
            + #""]},"last_pass":1800000061.5,"listings":{"upbit|krw":{"fetched_at":1800000000,"markets":[{"base":"BTC","code":"#
            + #""KRW-BTC"}]}},"outages":{"coinpaprika":{"error":"HTTP 502: Bad Gateway","reported":1800000060,"since":18000000"#
            + #"00}},"outbox":[{"alerts":[{"coin":"bitcoin","condition":"above","extreme":100300,"id":"a1","message":"BTC is a"#
            + #"bove","name":"Bitcoin","price":100250.5,"provider":"coingecko","rule":"btc-100k","status":"firing","symbol":"B"#
            + #"TC","threshold":100000,"time":1800000000,"vs":"usd","wick":true}],"attempts":2,"held":false,"last_error":"HTTP"#
            + #" 503 from https:\/\/hooks.example\/x","parts_delivered":0,"queued_at":1800000000,"sink":"team"}],"pairs":{"btc"#
            + #"-100k|bitcoin":{"fired_once":true,"firing":true,"last_fired":1800000060,"last_notified":1800000060.25,"rearm_a"#
            + #"t":99000.125,"resolved_once":true,"true_since":1800000000},"odd|\"quoted\\ \/ tab\tnewline\n é ✓":{},"quiet|et"#
            + #"hereum":{}},"prices":{"bitcoin|usd":{"covered_from":1800000000,"first_seen":1800000000,"points":[[1800000000,1"#
            + #"00250.5],[1800000060,0.30000000000000004]]},"empty|usd":{"covered_from":1700000000,"first_seen":1700000000,"po"#
            + #"ints":[]},"tiny|usd":{"covered_from":1700000500,"first_seen":1700000000,"points":[[1700000600,3.2014e-08]]}},""#
            + #"quote_cache":{"coingecko|usd|bitcoin":{"fetched_at":1800000000,"quote":{"athDate":658247051.849,"change24h":-2"#
            + #".5,"name":"Bitcoin","price":100250.5,"provider":"coingecko","providerID":"bitcoin","symbol":"BTC","vs":"usd"}}"#
            + #"},"resolved":{"coingecko":{"BTC":"bitcoin","Ether\/USD":"ethereum"}},"silences":[{"comment":"planned \"upgrade"#
            + #"\"","created":1800000000,"id":"ab12cd34","target":"btc-100k:bitcoin","until":1800003600}],"symbols":{"bitcoin""#
            + #":"BTC"},"unresolved":{"coingecko|nope-coin":1800086400},"version":1,"windows":{"binance|usdt|BTC":{"close":180"#
            + #"0000060,"high":2.25,"low":1.5,"open":1800000000}}}"#

    /// Checks that every field of `full`'s table is written (its key is in the object) and read
    /// (the object without that key reads back as something else), and that writer and reader agree.
    func everyFieldIsWrittenAndRead<Record: StateRecord & Equatable>(_ full: Record) throws {
        let table = Record.fields
        var out: [UInt8] = []
        try table.write(full, &out)
        #expect(read(Record.self, out) == full, "\(Record.self) reads back what was written")
        let node = try JSONParser.parse(out)
        guard case .object(let members) = node.value else {
            Issue.record("\(Record.self) is not written as an object")
            return
        }
        #expect(members.map(\.key) == table.fields.map(\.name).sorted(), "\(Record.self): every field written, keys sorted")
        #expect(table.writtenNames == table.fields.map(\.name).sorted())
        #expect(Set(table.fields.map(\.name)).count == table.fields.count && table.fields.count <= 64, "\(Record.self)")
        for field in table.fields {
            var without = node
            without.value = .object(members.filter { $0.key != field.name })
            let text = Array(without.prettyText().utf8)
            #expect(read(Record.self, text) != full, "\(Record.self).\(field.name) is read")
        }
        // The Codable face of the same table agrees with the byte faces.
        #expect(read(Record.self, Array(try JSONEncoder.sorted.encode(full))) == full, "\(Record.self): the reader reads JSONEncoder's bytes")
        #expect(try JSONDecoder().decode(Record.self, from: Data(out)) == full, "\(Record.self): JSONDecoder reads the writer's bytes")
    }

    private func read<Record: StateRecord>(_ type: Record.Type, _ bytes: [UInt8]) -> Record? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONTokenizer(buffer)
            return Record.fields.read(&reader)
        }
    }

    @Test func everyFieldOfEveryStateRecordIsWrittenAndReadByItsOneTable() throws {
        var withControl = Self.document()
        withControl.control = Self.control()
        try everyFieldIsWrittenAndRead(withControl)
        try everyFieldIsWrittenAndRead(Self.control())
        try everyFieldIsWrittenAndRead(Self.controlAnswer())
        try everyFieldIsWrittenAndRead(Self.pair())
        try everyFieldIsWrittenAndRead(PriceSeries(firstSeen: 10, coveredFrom: 20, points: [PricePoint(time: 30, price: 1.5)]))
        try everyFieldIsWrittenAndRead(Self.outboxEntry())
        try everyFieldIsWrittenAndRead(Self.alert())
        try everyFieldIsWrittenAndRead(Self.quote())
        try everyFieldIsWrittenAndRead(CachedQuote(fetchedAt: 1_800_000_000, quote: Self.quote()))
        try everyFieldIsWrittenAndRead(CachedChart(fetchedAt: 1_800_000_000, prices: [1, 2.5]))
        try everyFieldIsWrittenAndRead(Self.listing())
        try everyFieldIsWrittenAndRead(Self.listedMarket())
        try everyFieldIsWrittenAndRead(Silence(id: "ab12cd34", target: "*", until: 2, created: 1, comment: "why"))
        try everyFieldIsWrittenAndRead(Outage(since: 1, reported: 2, error: SecretScrubber.none.scrub("HTTP 502")))
        try everyFieldIsWrittenAndRead(TradedWindow(open: 1, close: 2, low: 3, high: 4))
    }

    @Test func theWriterWritesTheBytesItWroteBeforeWithSlashesLeftAsTheyAre() throws {
        let written = String(decoding: try StateWriter.encode(Self.document()), as: UTF8.self)
        #expect(written == Self.writtenBefore.replacingOccurrences(of: #"\/"#, with: "/"))
    }

    @Test func jsonEncoderWritesTheBytesTheHandWrittenCodableWroteBefore() throws {
        #expect(String(decoding: try JSONEncoder.sorted.encode(Self.document()), as: UTF8.self) == Self.encodedBefore)
    }

    @Test func filesWrittenBeforeTheTablesReadAsTheSameDocument() throws {
        for text in [Self.writtenBefore, Self.encodedBefore] {
            #expect(StateDirectDecoder.decode(Array(text.utf8)) == Self.document())
            #expect(try JSONDecoder().decode(StateDocument.self, from: Data(text.utf8)) == Self.document())
        }
    }

    /// A quiet pair is written `{}` without asking each field; every other pair as its fields say,
    /// the same bytes either way (each field set on its own still shows).
    @Test func aQuietPairIsWrittenEmptyAndEveryOtherAsItsFieldsSay() throws {
        func written(_ pair: PairState) throws -> String {
            var out: [UInt8] = []
            try PairState.fields.write(pair, &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(try written(PairState()) == "{}")
        var firing = PairState()
        firing.firing = true
        #expect(try written(firing) == #"{"firing":true}"#)
        var notified = PairState()
        notified.lastNotified = 5
        #expect(try written(notified) == #"{"last_notified":5}"#)
        var rearm = PairState()
        rearm.rearmAt = 0
        #expect(try written(rearm) == #"{"rearm_at":0}"#)
        #expect(try written(Self.pair()) == String(decoding: try JSONEncoder.sorted.encode(Self.pair()), as: UTF8.self))
    }
}

private extension JSONEncoder {
    /// An encoder that writes keys sorted, as the state writer does.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
