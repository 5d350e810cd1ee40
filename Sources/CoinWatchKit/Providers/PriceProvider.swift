/// A price API. A provider is two pure halves around the transport: `requests` plans the
/// batched HTTP requests for a set of favorites, `decode` turns the answers into quotes.
/// The engine runs the requests (through the cache and the rate-limit backoff) in between.
public protocol PriceProvider: Sendable {
    /// Lower-case name as written in rules.json (`coingecko`).
    var name: String { get }
    /// The batched requests that quote `favorites` in `vs`; one per page/chunk.
    /// Throws `ProviderError.unsupportedCurrency` when the provider cannot quote `vs`.
    func requests(for favorites: [String], vs: String) throws -> [HTTPRequest]
    /// Decodes the 2xx bodies of `requests(for:vs:)` (same order) into quotes keyed by favorite
    /// as written. Favorites that the answer does not contain are simply absent.
    /// Throws `ProviderError.decoding` when a body is not the expected shape.
    func decode(_ bodies: [[UInt8]], favorites: [String], vs: String) throws -> [String: Quote]
}

/// Why a provider could not quote.
public enum ProviderError: Error, Sendable, Equatable {
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

    /// One line naming the provider and the cause.
    public var message: String {
        switch self {
        case .transport(let p, let e): return "\(p): \(e.message)"
        case .decoding(let p, let d): return "\(p): unexpected response: \(d)"
        case .api(let p, let m): return "\(p): API error: \(m)"
        case .unsupportedCurrency(let p, let vs, let offered):
            return "\(p) does not quote in '\(vs)'; it offers \(offered.joined(separator: ", "))"
        case .backingOff(let p, _): return "\(p): rate-limited (HTTP 429), skipped until its Retry-After passes"
        }
    }
}
