import CoinWatchTransport
import Foundation

extension HTTPResponse {
    /// Returns the response when `isSuccess`; throws `.http` with the start of the body and Retry-After
    /// otherwise, as a provider or sink reads an answer.
    func requireSuccess(host: String, now: Date = Date()) throws(TransportError) -> HTTPResponse {
        guard isSuccess else {
            throw .http(host: host, status: status, bodyStart: bodyStart, retryAfter: retryAfter(now: now))
        }
        return self
    }
}
