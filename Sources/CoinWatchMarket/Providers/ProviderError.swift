import CoinWatchSupport
import CoinWatchTransport
/// Why a provider could not quote.
package enum ProviderError: Error, Sendable, Equatable {
    /// The network or the server failed.
    case transport(provider: String, TransportError)
    /// The body was not what the API documents; `detail` says where.
    case decoding(provider: String, detail: String)
    /// The API answered with its own error envelope (Bithumb status, Binance code).
    case api(provider: String, message: String)
    /// The provider offers no such quote currency; `offered` lists what it has.
    case unsupportedCurrency(provider: String, vs: String, offered: [String])
    /// Skipped: HTTP 429 earlier asked us to wait until this many seconds since 1970.
    case backingOff(provider: String, until: Double)
    /// Its market listing could not be loaded, so it was not asked this pass.
    case noListing(provider: String, cause: String)
    /// Its plan does not serve what was asked (history that far back); `hint` names the provider and says what would.
    case planLimit(provider: String, hint: String)

    /// The provider the failure concerns.
    package var provider: String {
        switch self {
        case .transport(let p, _), .decoding(let p, _), .api(let p, _), .unsupportedCurrency(let p, _, _),
             .backingOff(let p, _), .noListing(let p, _), .planLimit(let p, _):
            return p
        }
    }

    /// One line naming the provider and the cause.
    package var message: String {
        switch self {
        case .transport(let p, let e): return "\(p): \(e.message)"
        case .decoding(let p, let d): return "\(p): unexpected response: \(d)"
        case .api(let p, let m): return "\(p): API error: \(m)"
        case .unsupportedCurrency(let p, let vs, let offered):
            return "\(p) does not quote in '\(vs)'; it offers \(offered.joined(separator: ", "))"
        case .backingOff(let p, let until):
            return "\(p): rate-limited (HTTP 429), skipped until \(TimeText.iso(until)); the next provider serves"
        case .noListing(let p, let cause): return "\(p): could not load its market list, skipped: \(cause)"
        case .planLimit(_, let hint): return hint
        }
    }
}

extension ProviderError {
    /// Whether the failure is this machine's, not the provider's: no request could be made at
    /// all (libcurl missing or failing to start), so another provider would fail the same way.
    package var isLocal: Bool {
        if case .transport(_, .internal) = self { return true }
        return false
    }

    /// Whether the request was given up because coinwatch is stopping: says nothing of the provider.
    package var isAbandoned: Bool {
        if case .transport(_, .abandoned) = self { return true }
        return false
    }

    /// Throws `.unsupportedCurrency` naming `offered` unless it holds `vs`.
    static func requireOffered(_ vs: String, by provider: String, offered: [String]) throws {
        guard offered.contains(vs.lowercased()) else {
            throw ProviderError.unsupportedCurrency(provider: provider, vs: vs.lowercased(), offered: offered)
        }
    }
}
