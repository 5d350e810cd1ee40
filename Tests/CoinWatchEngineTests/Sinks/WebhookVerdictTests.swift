import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchEngine

/// One retry verdict (`TransportError.isRetryable`) for webhooks and the transport: network errors,
/// an oversized answer, 5xx and 429 are retried; TLS, a refused redirect, a bad URL and other 4xx are final.
@Suite struct WebhookVerdictTests {
    static let failures: [TransportError] = [
        .dns(host: "h"), .refused(host: "h"), .timedOut(host: "h", seconds: 1), .connection(host: "h", message: "reset"),
        .curl(host: "h", code: 7, message: "x"), .internal(host: "h", message: "x"),
        .tls(host: "h", message: "SSL certificate problem: self-signed certificate"), .tooLarge(host: "h", limit: 1024),
        .redirect(host: "h", message: "x"), .badURL(url: "ftp://h"),
        .http(host: "h", status: 503, bodyStart: "", retryAfter: 7), .http(host: "h", status: 429, bodyStart: "", retryAfter: nil),
        .http(host: "h", status: 400, bodyStart: "", retryAfter: nil), .http(host: "h", status: 404, bodyStart: "", retryAfter: nil),
    ]

    @Test(arguments: failures)
    func aWebhookRetriesExactlyWhatTheTransportCallsRetryable(error: TransportError) {
        switch WebhookVerdict(.failure(error), host: "h") {
        case .retry(let retried, _): #expect(error.isRetryable && retried == error.message)
        case .final(let refused): #expect(!error.isRetryable && refused == error.message)
        case .delivered: Issue.record("a failure is never delivered")
        }
    }

    @Test func aTLSCertificateErrorIsFinal() {
        let error = TransportError.tls(host: "h", message: "SSL certificate problem: self-signed certificate")
        #expect(!error.isRetryable)
        #expect(WebhookVerdict(.failure(error), host: "h") == .final(error.message))
    }

    @Test func aRetryKeepsTheServersRetryAfter() {
        let error = TransportError.http(host: "h", status: 503, bodyStart: "", retryAfter: 7)
        #expect(WebhookVerdict(.failure(error), host: "h") == .retry(error.message, retryAfter: 7))
    }
}
