/// What one webhook answer means for the message (Alertmanager's manners): delivered on 2xx;
/// worth a retry on network errors, 5xx and 429; final on any other answer, a redirect included:
/// a webhook's redirect is never followed (SPEC §3).
enum WebhookVerdict: Equatable {
    case delivered
    /// Try again; `retryAfter` in seconds when the server said.
    case retry(TransportError, retryAfter: Double?)
    /// No retry can help: the body of the answer is in the error.
    case final(TransportError)

    /// The verdict on `result` for a request to `host`.
    init(_ result: Result<HTTPResponse, TransportError>, host: String) {
        switch result {
        case .success(let response) where (200..<300).contains(response.status):
            self = .delivered
        case .success(let response) where (300..<400).contains(response.status):
            let target = response.header("location").map { " to \(HTTPRequest.host(of: Redirect.resolve($0, against: "https://\(host)/")))" } ?? ""
            self = .final(.redirect(host: host, message: "HTTP \(response.status) redirect\(target) not followed: a webhook's "
                + "alert and credentials never go elsewhere; set url to the address that answers"))
        case .success(let response):
            let retryAfter = response.retryAfter() ?? (response.status == 429 ? RetryAfterBody.seconds(in: response.body) : nil)
            self.init(failure: .http(host: host, status: response.status, bodyStart: response.bodyStart, retryAfter: retryAfter))
        case .failure(let error):
            self.init(failure: error)
        }
    }

    private init(failure error: TransportError) {
        switch error {
        case .http(_, let status, _, let retryAfter):
            self = status == 429 || status >= 500 ? .retry(error, retryAfter: retryAfter) : .final(error)
        case .badURL, .redirect:
            self = .final(error)
        case .dns, .refused, .timedOut, .tls, .tooLarge, .connection, .curl, .internal:
            // Network trouble, including TLS: the next try (or pass) may get through.
            self = .retry(error, retryAfter: nil)
        }
    }
}
