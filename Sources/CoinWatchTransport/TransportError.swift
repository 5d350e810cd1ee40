/// Why an HTTP exchange failed. Every case names the host; `message` is one line.
package enum TransportError: Error, Sendable, Equatable {
    /// The host name did not resolve.
    case dns(host: String)
    /// Nothing listens at the address (connection refused).
    case refused(host: String)
    /// The connect or total timeout passed; seconds is the limit that was hit.
    case timedOut(host: String, seconds: Double)
    /// The TLS handshake or certificate check failed.
    case tls(host: String, message: String)
    /// The body was larger than the cap (bytes).
    case tooLarge(host: String, limit: Int)
    /// Too many redirects, or a redirect to a scheme that is not allowed.
    case redirect(host: String, message: String)
    /// The URL's scheme is not http, https or file, or the URL is malformed.
    case badURL(url: String)
    /// The connection broke (reset, closed mid-body, bad framing).
    case connection(host: String, message: String)
    /// A non-2xx answer: status, the start of the body, and Retry-After in seconds when given.
    case http(host: String, status: Int, bodyStart: String, retryAfter: Double?)
    /// Any other libcurl failure.
    case curl(host: String, code: Int, message: String)
    /// A failure inside coinwatch (out of handles and the like).
    case `internal`(host: String, message: String)
    /// Given up unfinished because coinwatch is stopping (`CurlTransport.abandon`): no verdict on the host.
    case abandoned(host: String)

    /// Whether a later try may succeed (network errors, an answer over the size cap, 5xx, 429), the one
    /// retry verdict (`WebhookVerdict` uses it); TLS, redirect and URL failures are final (docs/reliability.md).
    package var isRetryable: Bool {
        switch self {
        case .dns, .refused, .timedOut, .tooLarge, .connection, .curl, .internal: return true
        case .http(_, let status, _, _): return status == 429 || status >= 500
        case .tls, .redirect, .badURL, .abandoned: return false
        }
    }

    /// One line: the host and the cause.
    package var message: String {
        switch self {
        case .dns(let h): return "\(h): could not resolve host (DNS)"
        case .refused(let h): return "\(h): connection refused"
        case .timedOut(let h, let s): return "\(h): timed out after \(Self.seconds(s))"
        case .tls(let h, let m): return "\(h): TLS error: \(m)"
        case .tooLarge(let h, let limit): return "\(h): response larger than \(Self.bytes(limit)), refused"
        case .redirect(let h, let m): return "\(h): \(m)"
        case .badURL(let url): return "bad URL '\(url)': only http, https and file are allowed"
        case .connection(let h, let m): return "\(h): connection failed: \(m)"
        case .http(let h, let status, let body, _):
            return body.isEmpty ? "\(h): HTTP \(status)" : "\(h): HTTP \(status): \(body)"
        case .curl(let h, let code, let m): return "\(h): \(m) (curl error \(code))"
        case .internal(let h, let m): return h.isEmpty ? m : "\(h): \(m)"
        case .abandoned(let h): return "\(h): abandoned: coinwatch is stopping"
        }
    }

    /// A byte limit as `32 MiB` when it is whole mebibytes, else as `1024 bytes`.
    private static func bytes(_ count: Int) -> String {
        count >= 1024 * 1024 && count % (1024 * 1024) == 0 ? "\(count / (1024 * 1024)) MiB" : "\(count) bytes"
    }

    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s))s" : "\(s)s"
    }
}
