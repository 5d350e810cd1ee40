import CoinWatchSupport
import CoinWatchTransport
/// The wait in seconds a 429 body asks for without a `Retry-After` header, in the chat services' shapes
/// (`parameters.retry_after`, `retry_after`, `retry_after_ms`).
enum RetryAfterBody {
    /// Seconds to wait (at most `HTTPResponse.maxRetryAfter`), or nil when the body says nothing usable.
    static func seconds(in body: [UInt8]) -> Double? {
        guard body.first == UInt8(ascii: "{"), let node = try? JSONParser.parse(body) else { return nil }
        let seconds = node["retry_after"]?.numberValue ?? node["parameters"]?["retry_after"]?.numberValue
            ?? node["retry_after_ms"]?.numberValue.map { $0 / 1000 }
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        return HTTPResponse.capped(seconds)
    }
}
