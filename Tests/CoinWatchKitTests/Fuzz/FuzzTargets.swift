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
        "state": state,
    ]

    /// rules.json content through the whole loader: parse, validate, build.
    static func rules(_ bytes: [UInt8]) {
        _ = try? RulesLoader.parse(bytes: bytes, path: "/fuzz/rules.json",
                                   environment: ["HOME": "/home/fuzz", "TOKEN": "t0k3n", "URL": "https://example.com/hook"])
    }

    /// A `/coins/markets` body through CoinGecko's decoder, for favorites written as id, symbol and name.
    static func coingecko(_ bytes: [UInt8]) {
        let provider = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])
        _ = CoinGecko.errorMessage(in: bytes)
        _ = try? provider.decode([bytes], favorites: ["bitcoin", "ETH", "Solana", "tether", "*"], vs: "usd")
        _ = try? provider.decode([bytes, bytes], favorites: ["bitcoin"], vs: "eth")
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
