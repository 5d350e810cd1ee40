import CoinWatchTransport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wait a 429 body asks for when no `Retry-After` header came, in seconds, in the shapes chat
/// services use: `{"parameters":{"retry_after":35}}`, `{"retry_after":1.5}` and
/// `{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":2000}`.
enum RetryAfterBody {
    private struct Body: Decodable {
        struct Parameters: Decodable { var retry_after: Double? }
        var retry_after: Double?
        var retry_after_ms: Double?
        var parameters: Parameters?
    }

    /// Seconds to wait (at most `HTTPResponse.maxRetryAfter`), or nil when the body says nothing usable.
    static func seconds(in body: [UInt8]) -> Double? {
        guard body.first == UInt8(ascii: "{"), let decoded = try? JSONDecoder().decode(Body.self, from: Data(body)) else {
            return nil
        }
        guard let seconds = decoded.retry_after ?? decoded.parameters?.retry_after ?? decoded.retry_after_ms.map({ $0 / 1000 }),
              seconds.isFinite, seconds >= 0 else {
            return nil
        }
        return HTTPResponse.capped(seconds)
    }
}
