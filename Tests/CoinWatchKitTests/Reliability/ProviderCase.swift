import Foundation
import Testing

/// One provider as the reliability tests drive it: the path whose answer the tests break, and real
/// captures for every path a healthy pass asks for. Adding a provider is one entry in `all`.
struct ProviderCase: Sendable, CustomTestStringConvertible {
    /// The name in rules.json (`coingecko`).
    var name: String
    /// A favorite the captures quote.
    var favorite: String
    /// The `vs_currency` the captures are in.
    var vs: String
    /// The path (without query) whose answer a fault replaces.
    var faultPath: String
    /// Path (without query) → a capture under `Fixtures/`, answered with 200.
    var routes: [String: String]

    var testDescription: String { name }

    /// Every provider this build implements.
    static let all: [ProviderCase] = [
        ProviderCase(name: "coingecko", favorite: "bitcoin", vs: "usd", faultPath: "/coins/markets",
                     routes: ["/coins/markets": "real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"]),
    ]

    /// The captures' bytes by path; throws when a capture is missing.
    func captures() throws -> [String: [UInt8]] {
        try routes.mapValues { try Fixtures.bytes($0) }
    }

    /// A rules.json using only this provider at `baseURL`, never caching, with `rules` and `extra` top-level members.
    func rulesJSON(baseURL: String, rules: String, timeout: String = "1s", caFile: String? = nil, extra: String = "") -> String {
        let ca = caFile.map { #", "ca_file": "\#($0)""# } ?? ""
        return """
        {
          "vs_currency": "\(vs)",
          "providers": [{"name": "\(name)", "base_url": "\(baseURL)", "cache_ttl": "0s", "timeout": "\(timeout)"\(ca)}],
          "favorites": ["\(favorite)"],
          "rules": [\(rules)]\(extra)
        }
        """
    }
}
