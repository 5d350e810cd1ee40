import CoinWatchTransport
import CoinWatchMarket
import CoinWatchState
extension QuoteFetcher {
    /// Refreshes, in one concurrent batch, every listing that is missing or a day old, for the providers
    /// in `asked` that are not backing off. A failure is recorded (one line); a stale listing stays in use, also
    /// when the answer names no market trading in `vs` (Binance lists every market `BREAK` while it is down for
    /// maintenance), which is no list to keep for a day: it is asked for again next pass.
    func refreshListings(vs: String, asked: Set<String>, memory: inout ProviderMemory, now: Double, outcome: inout Outcome) {
        let due: [(source: Source, request: HTTPRequest)] = sources.compactMap { source in
            let name = source.provider.name
            guard asked.contains(name), let request = source.provider.listingRequest(vs: vs),
                  memory.listings[MarketListing.key(provider: name, vs: vs)]?.isFresh(now: now) != true,
                  (memory.backoff[name] ?? 0) <= now else { return nil }
            return (source, request)
        }
        guard !due.isEmpty else { return }
        outcome.requestCount += due.count
        for ((source, request), result) in zip(due, transport.perform(due.map(\.request))) {
            let provider = source.provider
            do {
                let body = try ProviderCall.body(of: result, to: request, from: provider.name, errorMessage: provider.errorMessage,
                                                  memory: &memory, now: now)
                let markets = try provider.decodeListing(body, vs: vs)
                guard !markets.isEmpty else {
                    if memory.listings[MarketListing.key(provider: provider.name, vs: vs)] == nil {
                        outcome.record(.noListing(provider: provider.name, cause: "it lists no market trading in \(vs.uppercased()) "
                            + "(down for maintenance?); asked again next pass"))
                    }
                    continue
                }
                memory.keepListing(markets, provider: provider.name, vs: vs, now: now)
            } catch {
                outcome.record(.noListing(provider: provider.name, cause: Self.cause(of: error, provider: provider.name)))
            }
        }
    }

    /// Runs one provider's batched requests concurrently and decodes what answered; remembers a
    /// listing that the answers reveal. Records the first failure.
    func fetchFresh(_ query: QuoteQuery, from source: Source, memory: inout ProviderMemory, now: Double,
                    outcome: inout Outcome) -> [String: Quote] {
        let provider = source.provider
        let requests: [HTTPRequest]
        do {
            requests = try provider.requests(query)
        } catch {
            outcome.record(Self.providerError(error, provider: provider.name))
            return [:]
        }
        outcome.requestCount += requests.count
        // The bodies that answered, and per request its body's position or why it failed; this
        // function holds the only copy of each body, so the decoding may let go of them early.
        var bodies: [[UInt8]] = []
        var answers: [Result<Int, any Error>] = []
        bodies.reserveCapacity(requests.count)
        answers.reserveCapacity(requests.count)
        for (request, result) in zip(requests, transport.perform(requests)) {
            // Upbit (404) and Binance (400) refuse a whole request for one market they no longer list: the list it was
            // made from is out of date, and is asked for again next pass.
            if case .success(let response) = result, response.status == 400 || response.status == 404,
               provider.listingRequest(vs: query.vs) != nil {
                memory.listings[MarketListing.key(provider: provider.name, vs: query.vs)]?.fetchedAt = 0
            }
            do {
                bodies.append(try ProviderCall.body(of: result, to: request, from: provider.name, errorMessage: provider.errorMessage,
                                                    memory: &memory, now: now))
                answers.append(.success(bodies.count - 1))
            } catch {
                answers.append(.failure(error))
            }
        }
        // All pages in one decode, so favorites are matched once rather than once per page.
        if bodies.count > 1 {
            // Read before the decoding lets go of the bodies; kept only when it succeeds.
            let revealed = bodies.compactMap { provider.listing(fromQuoteBody: $0, vs: query.vs) }
            if let quotes = try? provider.decodeReleasing(&bodies, query: query) {
                for markets in revealed { memory.keepListing(markets, provider: provider.name, vs: query.vs, now: now) }
                for case .failure(let error) in answers { outcome.record(Self.providerError(error, provider: provider.name)) }
                return quotes
            }
        }
        // One page, or some page is bad: page by page, so the good pages still serve and the bad one is named.
        var quotes: [String: Quote] = [:]
        for answer in answers {
            do {
                let position = try answer.get()
                guard bodies.indices.contains(position) else {
                    throw ProviderError.decoding(provider: provider.name, detail: "its answer was let go of by a failed decoding")
                }
                let body = bodies[position]
                quotes.merge(try provider.decode([body], query: query)) { first, _ in first }
                // The listing a quote answer reveals (Bithumb's), if it reveals one.
                if let markets = provider.listing(fromQuoteBody: body, vs: query.vs) {
                    memory.keepListing(markets, provider: provider.name, vs: query.vs, now: now)
                }
            } catch {
                outcome.record(Self.providerError(error, provider: provider.name))
            }
        }
        return quotes
    }

    /// `error` as a `ProviderError` of `provider`.
    static func providerError(_ error: any Error, provider: String) -> ProviderError {
        if let error = error as? ProviderError { return error }
        if let error = error as? TransportError { return .transport(provider: provider, error) }
        return .decoding(provider: provider, detail: "\(error)")
    }

    /// The message of `error` without the leading provider name.
    static func cause(of error: any Error, provider: String) -> String {
        let message = providerError(error, provider: provider).message
        return message.hasPrefix(provider + ": ") ? String(message.dropFirst(provider.count + 2)) : message
    }
}
