#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import CoinWatchSupport
@testable import CoinWatchTransport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// The functions the libFuzzer targets feed (see `Fuzz/Entry.swift`, `scripts/fuzz.sh`), shared with
/// the regression test that replays `Fixtures/fuzz/regressions/<target>/`. Each takes arbitrary bytes,
/// must return without crashing, and returns the property it found broken (nil when all hold): the
/// fuzzer then traps, the regression test fails with that sentence.
enum FuzzTargets {
    /// What a target returns: nil, or the broken property in one sentence.
    typealias Target = @Sendable ([UInt8]) -> String?

    /// Target name → the function it fuzzes. A new provider's decoder is one more entry.
    static let all: [String: Target] = [
        "rules": rules,
        "coingecko": coingecko,
        "coinpaprika": coinpaprika,
        "bithumb": bithumb,
        "upbit": upbit,
        "binance": binance,
        "state": state,
        "duration": duration,
        "retry-after": retryAfter,
    ]

    /// Favorites written as id, symbol and name, as rules.json may.
    static let favorites = ["bitcoin", "BTC", "ETH", "Solana", "tether", "btc-bitcoin", "*"]

    /// rules.json content through the whole loader: parse, validate, build; a file that loads has
    /// durations within their keys' limits, and its plan prints.
    static func rules(_ bytes: [UInt8]) -> String? {
        guard let loaded = try? RulesLoader.parse(bytes: bytes, path: "/fuzz/rules.json",
                                                  environment: ["HOME": "/home/fuzz", "TOKEN": "t0k3n",
                                                                "URL": "https://example.com/hook"]) else { return nil }
        let rules = loaded.rules
        if rules.interval > DurationLimits.maximum(at: "interval") { return "an interval over its limit loaded" }
        for provider in rules.providers where provider.timeout > DurationLimits.maximum(at: "timeout")
            || provider.cacheTTL > DurationLimits.maximum(at: "cache_ttl") {
            return "a provider timeout or cache_ttl over its limit loaded"
        }
        _ = TimeText.duration(rules.interval)
        return nil
    }

    /// A `/coins/markets` body through CoinGecko's decoder, for favorites written as id, symbol and name.
    static func coingecko(_ bytes: [UInt8]) -> String? {
        let provider = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])
        _ = provider.errorMessage(in: bytes)
        _ = try? provider.decode([bytes, bytes], favorites: ["bitcoin"], vs: "eth")
        return observed((try? provider.decode([bytes], favorites: favorites, vs: "usd")) ?? [:])
    }

    /// A `/tickers` body through CoinPaprika's decoder, and its catalog decoder.
    static func coinpaprika(_ bytes: [UInt8]) -> String? {
        let provider = CoinPaprika(config: ProviderConfig(name: .coinpaprika), environment: [:])
        _ = provider.errorMessage(in: bytes)
        _ = try? provider.decodeCatalog(bytes, vs: "usd")
        return observed((try? provider.decode([bytes], favorites: favorites, vs: "usd")) ?? [:])
    }

    /// A `/public/ticker/ALL_KRW` body through Bithumb's decoder and the listing it reveals.
    static func bithumb(_ bytes: [UInt8]) -> String? {
        let provider = Bithumb(config: ProviderConfig(name: .bithumb))
        _ = provider.errorMessage(in: bytes)
        let listing = provider.listing(fromQuoteBody: bytes, vs: "krw").map { MarketListing(fetchedAt: 0, markets: $0) }
        return observed((try? provider.decode([bytes], favorites: favorites, vs: "krw", listing: listing)) ?? [:])
    }

    /// A body read both as Upbit's `/market/all` listing and as its `/ticker` answer.
    static func upbit(_ bytes: [UInt8]) -> String? {
        let provider = Upbit(config: ProviderConfig(name: .upbit))
        _ = provider.errorMessage(in: bytes)
        let listing = (try? provider.decodeListing(bytes, vs: "krw")).map { MarketListing(fetchedAt: 0, markets: $0) }
        return observed((try? provider.decode([bytes], favorites: favorites, vs: "krw", listing: listing ?? Self.listing("KRW-"))) ?? [:])
    }

    /// A body read both as Binance's `/api/v3/exchangeInfo` and as its `/api/v3/ticker/24hr` answer.
    static func binance(_ bytes: [UInt8]) -> String? {
        let provider = Binance(config: ProviderConfig(name: .binance))
        _ = provider.errorMessage(in: bytes)
        let listing = (try? provider.decodeListing(bytes, vs: "usdt")).map { MarketListing(fetchedAt: 0, markets: $0) }
        return observed((try? provider.decode([bytes], favorites: favorites, vs: "usdt", listing: listing ?? Self.listing(suffix: "USDT"))) ?? [:])
    }

    /// The decoded quotes through the pass's observation filter (SPEC §2): what passes it has a finite
    /// price above 0 and finite figures, and its alert message and record can be written.
    private static func observed(_ quotes: [String: Quote]) -> String? {
        for (coin, quote) in QuoteFetcher.observations(quotes) {
            guard quote.isObservation, quote.figuresAreFinite else {
                return "a quote with price \(quote.price) passed the observation filter"
            }
            let alert = Alert(id: "f", time: 1_800_000_000, rule: "r", coin: coin, symbol: quote.symbol, name: quote.name,
                              vs: quote.vs, condition: "above", threshold: quote.price / 2, price: quote.price,
                              previous: quote.price / 3, change24h: quote.change24h, status: .firing,
                              provider: quote.provider, message: "")
            _ = AlertMessage.defaultText(for: alert, condition: .above(quote.price / 2))
            _ = AlertRecord.json(alert)
        }
        return nil
    }

    /// BTC, ETH and SOL markets coded `<prefix>BTC` or `BTC<suffix>`.
    private static func listing(_ prefix: String = "", suffix: String = "") -> MarketListing {
        MarketListing(fetchedAt: 0, markets: ["BTC", "ETH", "SOL"].map { ListedMarket(code: prefix + $0 + suffix, base: $0) })
    }

    /// A state file through the state loader (its numbers checked); a document that loads saves through
    /// the writer `StateStore.save` uses and loads back equal, and every time in it formats.
    static func state(_ bytes: [UInt8]) -> String? {
        guard let document = try? StateStore.decode(bytes, path: "/fuzz/state.json") else { return nil }
        guard let encoded = try? StateStore.encode(document, path: "/fuzz/state.json") else {
            return "a state that loads cannot be saved"
        }
        guard let again = try? StateStore.decode(encoded, path: "/fuzz/state.json") else {
            return "a state that loads does not load back after saving: \(String(decoding: encoded.prefix(300), as: UTF8.self))"
        }
        guard again == document else { return "a state changed across save and load" }
        for pair in document.pairs.values {
            for time in [pair.trueSince, pair.lastNotified, pair.lastFired].compactMap({ $0 }) {
                _ = TimeText.iso(time)
                _ = TimeText.duration(1_800_000_000 - time)
            }
        }
        for until in document.memory.backoff.values { _ = TimeText.iso(until) }
        return nil
    }

    /// Text through the duration parser: what parses is within 0…100 years, formats, and parses back
    /// from its format to the same number of seconds (to the second).
    static func duration(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(256), as: UTF8.self)
        guard let seconds = try? DurationParser.parse(text) else { return nil }
        guard seconds.isFinite, seconds >= 0, seconds <= DurationLimits.absolute else {
            return "a duration of \(seconds) s parsed"
        }
        let written = TimeText.duration(seconds)
        guard let again = try? DurationParser.parse(written), abs(again - seconds) < 1 else {
            return "\(seconds) s formats as \(written), which does not parse back"
        }
        return nil
    }

    /// Text as a `Retry-After` header (seconds or an HTTP-date): what it gives is a finite number ≥ 0, and
    /// the webhook retry rule and the provider backoff take it without trapping.
    static func retryAfter(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(256), as: UTF8.self)
        let response = HTTPResponse(status: 429, headers: ["retry-after": text], body: [])
        guard let seconds = response.retryAfter(now: Date(timeIntervalSince1970: 1_800_000_000)) else { return nil }
        guard seconds.isFinite, seconds >= 0 else { return "Retry-After gave \(seconds) s" }
        _ = RetryPolicy().next(afterAttempt: 1, retryAfter: seconds)
        var memory = ProviderMemory()
        memory.backOff("coingecko", after: 429, retryAfter: seconds, now: 1_800_000_000)
        _ = memory.backoff.values.map(TimeText.iso)
        return nil
    }
}
