import CoinWatchTransport
/// What one answer from a queued sink or a chat service means for the message (Alertmanager's manners): delivered on
/// 2xx, retried when `TransportError.isRetryable`, final otherwise, a redirect included (never followed, SPEC §3).
package enum WebhookVerdict: Equatable, Sendable {
    case delivered
    /// Try again, for this one-line reason; `retryAfter` in seconds when the server said.
    case retry(String, retryAfter: Double?)
    /// No retry can help: the one-line reason (the body of the answer in it).
    case final(String)

    /// The verdict on `result` for a request to `host`.
    package init(_ result: Result<HTTPResponse, TransportError>, host: String) {
        switch result {
        case .success(let response) where (200..<300).contains(response.status):
            self = .delivered
        case .success(let response) where (300..<400).contains(response.status):
            let target = response.header("location").map { " to \(HTTPRequest.host(of: Redirect.resolve($0, against: "https://\(host)/")))" } ?? ""
            self = .final(TransportError.redirect(host: host, message: "HTTP \(response.status) redirect\(target) not followed: a webhook's "
                + "alert and credentials never go elsewhere; set url to the address that answers").message)
        case .success(let response):
            let retryAfter = response.retryAfter() ?? (response.status == 429 ? RetryAfterBody.seconds(in: response.body) : nil)
            self.init(failure: .http(host: host, status: response.status, bodyStart: response.bodyStart, retryAfter: retryAfter))
        case .failure(let error):
            self.init(failure: error)
        }
    }

    /// A failed exchange: retried when `TransportError.isRetryable` says a later try may succeed.
    init(failure error: TransportError) {
        guard error.isRetryable else {
            self = .final(error.message)
            return
        }
        var retryAfter: Double?
        if case .http(_, _, _, let after) = error { retryAfter = after }
        self = .retry(error.message, retryAfter: retryAfter)
    }
}
