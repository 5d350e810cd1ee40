/// Quotes every favorite through the providers in order (failover), reusing cached quotes
/// within `cache_ttl` and skipping a provider while its HTTP 429 backoff lasts.
public struct QuoteFetcher: Sendable {
    /// A provider and its rules.json settings.
    public struct Source: Sendable {
        public var provider: any PriceProvider
        public var config: ProviderConfig
        public init(provider: any PriceProvider, config: ProviderConfig) {
            self.provider = provider
            self.config = config
        }
    }

    /// What a fetch produced.
    public struct Outcome: Sendable {
        /// Favorite as written → its quote.
        public var quotes: [String: Quote] = [:]
        /// One per provider failure (a line on stderr each).
        public var failures: [ProviderError] = []
        /// Favorites no provider could quote.
        public var missing: [String] = []
        /// HTTP requests made.
        public var requestCount = 0
    }

    /// Seconds to wait after a 429 that gave no Retry-After.
    public static let defaultBackoff: Double = 60

    public var sources: [Source]
    public var transport: any HTTPTransport

    public init(sources: [Source], transport: any HTTPTransport) {
        self.sources = sources
        self.transport = transport
    }

    /// Quotes `favorites` in `vs`; updates the cache, backoff and resolutions in `state`.
    public func fetch(favorites: [String], vs: String, state: inout StateDocument, now: Double) -> Outcome {
        var outcome = Outcome()
        var remaining = favorites
        for source in sources where !remaining.isEmpty {
            let name = source.provider.name
            if let until = state.backoff[name] {
                if until > now {
                    outcome.failures.append(.backingOff(provider: name, until: until))
                    continue
                }
                state.backoff[name] = nil
            }
            var served: [String: Quote] = [:]
            var toFetch: [String] = []
            for favorite in remaining {
                let key = Self.cacheKey(provider: name, vs: vs, favorite: favorite)
                if let cached = state.quoteCache[key], now - cached.fetchedAt < source.config.cacheTTL, cached.fetchedAt <= now {
                    served[favorite] = cached.quote
                } else {
                    toFetch.append(favorite)
                }
            }
            if !toFetch.isEmpty {
                let fresh = fetchFresh(toFetch, vs: vs, from: source, state: &state, now: now, outcome: &outcome)
                for (favorite, quote) in fresh {
                    served[favorite] = quote
                    // With cache_ttl 0s no later pass may reuse a quote: keeping it would only grow state.
                    state.quoteCache[Self.cacheKey(provider: name, vs: vs, favorite: favorite)] =
                        source.config.cacheTTL > 0 ? CachedQuote(fetchedAt: now, quote: quote) : nil
                }
            }
            for (favorite, quote) in served {
                outcome.quotes[favorite] = quote
                state.resolved[name, default: [:]][favorite] = quote.providerID
            }
            remaining.removeAll { served[$0] != nil }
        }
        outcome.missing = remaining
        return outcome
    }

    /// Runs one provider's batched requests concurrently and decodes what answered.
    private func fetchFresh(_ favorites: [String], vs: String, from source: Source, state: inout StateDocument,
                            now: Double, outcome: inout Outcome) -> [String: Quote] {
        let provider = source.provider
        let requests: [HTTPRequest]
        do {
            requests = try provider.requests(for: favorites, vs: vs)
        } catch let error as ProviderError {
            outcome.failures.append(error)
            return [:]
        } catch {
            outcome.failures.append(.api(provider: provider.name, message: "\(error)"))
            return [:]
        }
        outcome.requestCount += requests.count
        var bodies: [[UInt8]] = []
        for (request, result) in zip(requests, transport.perform(requests)) {
            do throws(TransportError) {
                bodies.append(try result.get().requireSuccess(host: HTTPRequest.host(of: request.url)).body)
            } catch {
                if case .http(_, 429, _, let retryAfter) = error {
                    state.backoff[provider.name] = now + (retryAfter ?? Self.defaultBackoff)
                }
                outcome.failures.append(.transport(provider: provider.name, error))
            }
        }
        // All pages in one decode, so favorites are matched once rather than once per page.
        if bodies.count > 1, let quotes = try? provider.decode(bodies, favorites: favorites, vs: vs) {
            return quotes
        }
        // One page, or some page is bad: page by page, so the good pages still serve and the bad one is named.
        var quotes: [String: Quote] = [:]
        for body in bodies {
            do {
                quotes.merge(try provider.decode([body], favorites: favorites, vs: vs)) { first, _ in first }
            } catch let error as ProviderError {
                outcome.failures.append(error)
            } catch {
                outcome.failures.append(.decoding(provider: provider.name, detail: "\(error)"))
            }
        }
        return quotes
    }

    /// The key of `StateDocument.quoteCache`.
    public static func cacheKey(provider: String, vs: String, favorite: String) -> String {
        "\(provider)|\(vs.lowercased())|\(favorite.lowercased())"
    }
}
