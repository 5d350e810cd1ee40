import CoinWatchSupport
/// The libcurl transport (SPEC §6): one `perform`'s requests run concurrently on one multi handle, TLS
/// verification always on, only http, https and file (smtp, smtps for mail), redirects per `Redirect`.
package struct CurlTransport: HTTPTransport {
    /// The largest response body accepted, in bytes (after decompression).
    package var maxBodyBytes: Int
    /// A PEM bundle trusted beside the system's roots by requests without a `caFile` of their own (`TrustedBundle`).
    package var caFile: String?
    /// Receives one line per finished request (URL redacted); nil logs nothing.
    package var log: (@Sendable (String) -> Void)?
    /// Asked at least once a second while transfers run: once true, those not finished fail at once, so an API that
    /// never answers cannot hold up an exit (`stream`'s REST quotes after SIGTERM, SPEC §9); nil: never.
    package var abandon: (@Sendable () -> Bool)?

    /// A transport refusing bodies over `maxBodyBytes` (default 32 MiB), logging each request to `log`.
    package init(maxBodyBytes: Int = 32 * 1024 * 1024, caFile: String? = nil, log: (@Sendable (String) -> Void)? = nil) {
        self.maxBodyBytes = maxBodyBytes
        self.caFile = caFile
        self.log = log
    }

    /// The User-Agent sent with every request.
    package static var userAgent: String { "coinwatch/\(Version.current)" }

    /// Schemes a request may use.
    package static let allowedSchemes: Set<String> = ["http", "https", "file"]
    /// Schemes a mail request (one with a `MailEnvelope`) may use.
    package static let mailSchemes: Set<String> = ["smtp", "smtps"]

    /// Runs every request at once and returns each outcome in request order (a non-2xx answer is a
    /// response, see `isSuccess`), following allowed redirects in further rounds.
    package func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        var results = performOnce(requests)
        var current = requests
        var pending = Array(requests.indices)
        for hop in 0...Redirect.maxHops {
            var next: [(index: Int, request: HTTPRequest)] = []
            for index in pending {
                guard case .success(let response) = results[index],
                      let step = Redirect.next(after: response, to: current[index]) else { continue }
                switch step {
                case .success(let request) where hop < Redirect.maxHops:
                    next.append((index, request))
                case .success:
                    results[index] = .failure(.redirect(host: current[index].host, message: "more than \(Redirect.maxHops) redirects, gave up"))
                case .failure(let refusal):
                    results[index] = .failure(refusal)
                }
            }
            guard !next.isEmpty else { break }
            for (slot, answer) in zip(next, performOnce(next.map(\.request))) {
                results[slot.index] = answer
                current[slot.index] = slot.request
            }
            pending = next.map(\.index)
        }
        return results
    }

    /// One round: every request at once on one multi handle, no redirect followed.
    private func performOnce(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        guard !requests.isEmpty else { return [] }
        var results = [Result<HTTPResponse, TransportError>?](repeating: nil, count: requests.count)
        let finish = { (index: Int, result: Result<HTTPResponse, TransportError>, milliseconds: Int) in
            results[index] = result
            log?(RequestLogLine.make(requests[index], result, milliseconds: milliseconds))
        }
        do throws(TransportError) {
            guard CurlGlobal.isReady else { throw .internal(host: "", message: CurlGlobal.unavailable) }
            guard let multi = CurlMulti() else { throw .internal(host: "", message: "libcurl could not create a multi handle") }
            for (index, request) in requests.enumerated() {
                do throws(TransportError) {
                    try multi.add(prepare(request), index: index)
                } catch {
                    finish(index, .failure(error), 0)
                }
            }
            try multi.run(abandon: abandon) { index, easy, code in
                finish(index, easy.outcome(code), easy.elapsedMilliseconds)
            }
        } catch {
            for index in results.indices where results[index] == nil { finish(index, .failure(error), 0) }
        }
        return results.enumerated().map { index, result in
            result ?? .failure(abandon?() == true ? .abandoned(host: requests[index].host)
                                   : .internal(host: requests[index].host, message: "the transfer did not finish"))
        }
    }

    /// A configured easy handle for `request` (scheme checked), trusting its own `caFile`, else the transport's.
    private func prepare(_ original: HTTPRequest) throws(TransportError) -> CurlEasy {
        var request = original
        request.caFile = TrustedBundle.chosen(own: original.caFile, fallback: caFile)
        let schemes = request.mail == nil ? Self.allowedSchemes : Self.mailSchemes
        guard schemes.contains(URLParts(request.url).scheme) else {
            throw .badURL(url: request.loggableURL)
        }
        guard let easy = CurlEasy(request: request, maxBodyBytes: maxBodyBytes) else {
            throw .internal(host: request.host, message: "libcurl could not create a handle")
        }
        try easy.configure(userAgent: Self.userAgent)
        return easy
    }
}
