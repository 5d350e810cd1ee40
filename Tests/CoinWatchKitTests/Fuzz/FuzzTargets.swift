#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import CoinWatchKit

/// The functions the libFuzzer targets feed (see `Fuzz/Entry.swift`, `scripts/fuzz.sh`), shared with
/// the regression test that replays `Fixtures/fuzz/regressions/<target>/`. Each takes arbitrary bytes,
/// must return without crashing, and traps (so libFuzzer reports it) when a property it checks fails.
enum FuzzTargets {
    /// Target name → the function it fuzzes. A new provider's decoder is one more entry.
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "rules": rules,
        "coingecko": coingecko,
        "coinpaprika": coinpaprika,
        "bithumb": bithumb,
        "upbit": upbit,
        "binance": binance,
        "state": state,
    ]

    /// Favorites written as id, symbol and name, as rules.json may.
    static let favorites = ["bitcoin", "BTC", "ETH", "Solana", "tether", "btc-bitcoin", "*"]

    /// rules.json content through the whole loader: parse, validate, build.
    static func rules(_ bytes: [UInt8]) {
        _ = try? RulesLoader.parse(bytes: bytes, path: "/fuzz/rules.json",
                                   environment: ["HOME": "/home/fuzz", "TOKEN": "t0k3n", "URL": "https://example.com/hook"])
    }

    /// A `/coins/markets` body through CoinGecko's decoder, for favorites written as id, symbol and name.
    static func coingecko(_ bytes: [UInt8]) {
        let provider = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])
        _ = provider.errorMessage(in: bytes)
        _ = try? provider.decode([bytes], favorites: favorites, vs: "usd")
        _ = try? provider.decode([bytes, bytes], favorites: ["bitcoin"], vs: "eth")
    }

    /// A `/tickers` body through CoinPaprika's decoder, and its catalog decoder.
    static func coinpaprika(_ bytes: [UInt8]) {
        let provider = CoinPaprika(config: ProviderConfig(name: .coinpaprika), environment: [:])
        _ = provider.errorMessage(in: bytes)
        _ = try? provider.decode([bytes], favorites: favorites, vs: "usd")
        _ = try? provider.decodeCatalog(bytes, vs: "usd")
    }

    /// A `/public/ticker/ALL_KRW` body through Bithumb's decoder and the listing it reveals.
    static func bithumb(_ bytes: [UInt8]) {
        let provider = Bithumb(config: ProviderConfig(name: .bithumb))
        _ = provider.errorMessage(in: bytes)
        let listing = provider.listing(fromQuoteBody: bytes, vs: "krw").map { MarketListing(fetchedAt: 0, markets: $0) }
        _ = try? provider.decode([bytes], favorites: favorites, vs: "krw", listing: listing)
    }

    /// A body read both as Upbit's `/market/all` listing and as its `/ticker` answer.
    static func upbit(_ bytes: [UInt8]) {
        let provider = Upbit(config: ProviderConfig(name: .upbit))
        _ = provider.errorMessage(in: bytes)
        let listing = (try? provider.decodeListing(bytes, vs: "krw")).map { MarketListing(fetchedAt: 0, markets: $0) }
        _ = try? provider.decode([bytes], favorites: favorites, vs: "krw", listing: listing ?? Self.listing("KRW-"))
    }

    /// A body read both as Binance's `/api/v3/exchangeInfo` and as its `/api/v3/ticker/24hr` answer.
    static func binance(_ bytes: [UInt8]) {
        let provider = Binance(config: ProviderConfig(name: .binance))
        _ = provider.errorMessage(in: bytes)
        let listing = (try? provider.decodeListing(bytes, vs: "usdt")).map { MarketListing(fetchedAt: 0, markets: $0) }
        _ = try? provider.decode([bytes], favorites: favorites, vs: "usdt", listing: listing ?? Self.listing(suffix: "USDT"))
    }

    /// BTC, ETH and SOL markets coded `<prefix>BTC` or `BTC<suffix>`.
    private static func listing(_ prefix: String = "", suffix: String = "") -> MarketListing {
        MarketListing(fetchedAt: 0, markets: ["BTC", "ETH", "SOL"].map { ListedMarket(code: prefix + $0 + suffix, base: $0) })
    }

    /// A state file through the state loader; a document that loads must save and load back equal.
    static func state(_ bytes: [UInt8]) {
        guard let document = try? StateDecoding.decode(bytes, path: "/fuzz/state.json") else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let encoded = try? encoder.encode(document) else {
            fatalError("a state that loads cannot be encoded")
        }
        guard let again = try? StateDecoding.decode(Array(encoded), path: "/fuzz/state.json") else {
            fatalError("a state that loads does not load back after saving: \(String(decoding: encoded.prefix(300), as: UTF8.self))")
        }
        guard again == document else { fatalError("a state changed across save and load") }
    }
}
