import FoundationEssentials

extension HTTPResponse {
    /// Whether the status is 2xx, or 0 (a file:// URL, which has no status).
    package var isSuccess: Bool {
        status == 0 || (200..<300).contains(status)
    }

    /// The value of the header `name` (any case), when present.
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The start of the body on one line (about 200 characters, HTML reduced to its text), for messages.
    package var bodyStart: String {
        BodySummary.oneLine(body, html: BodySummary.looksLikeHTML(body, contentType: header("content-type")))
    }

    /// The longest wait a server can ask for, in seconds (24 h): every backoff is capped at it (SPEC §3, §6).
    package static let maxRetryAfter: Double = 86_400

    /// The `Retry-After` header in seconds from `now` (given as seconds or as an HTTP-date), at most
    /// `maxRetryAfter`; nil when absent or unreadable.
    package func retryAfter(now: Date = Date()) -> Double? {
        guard let raw = header("retry-after") else { return nil }
        let value = raw.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        guard !value.isEmpty else { return nil }
        if value.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return Double(String(value)).map(Self.capped)
        }
        guard let date = HTTPDate.secondsSince1970(String(value)) else { return nil }
        return Self.capped(Double(date) - now.timeIntervalSince1970)
    }

    /// `seconds` within 0…`maxRetryAfter` (a NaN is 0).
    package static func capped(_ seconds: Double) -> Double {
        seconds > 0 ? min(seconds, maxRetryAfter) : 0
    }
}
