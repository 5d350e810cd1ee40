import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchState
import FoundationEssentials

/// The one path of every provider request, from the HTTP answer to a body or a typed error: a 429
/// (or Binance's 418) starts the provider's backoff, an API error envelope becomes `ProviderError.api`.
package enum ProviderCall {
    /// The body of a 2xx (or file://) answer to `request` from `provider`, at `now` (seconds since
    /// 1970). `errorMessage` reads the provider's error envelope. Throws `ProviderError`.
    package static func body(of answer: Result<HTTPResponse, TransportError>, to request: HTTPRequest, from provider: String,
                            errorMessage: ([UInt8]) -> String? = APIErrorEnvelope.message(in:),
                            memory: inout ProviderMemory, now: Double) throws(ProviderError) -> [UInt8] {
        let response: HTTPResponse
        switch answer {
        case .failure(let error): throw .transport(provider: provider, error)
        case .success(let answered): response = answered
        }
        guard !response.isSuccess else { return response.body }
        let retryAfter = response.retryAfter(now: Date(timeIntervalSince1970: now))
        memory.backOff(provider, after: response.status, retryAfter: retryAfter, now: now)
        if let message = errorMessage(response.body) {
            throw .api(provider: provider, message: "\(message) (HTTP \(response.status))")
        }
        throw .transport(provider: provider, .http(host: request.host, status: response.status,
                                                   bodyStart: response.bodyStart, retryAfter: retryAfter))
    }

    /// Sends one `request` to `provider` unless its backoff lasts, and returns `body(of:…)` of the answer.
    package static func ask(_ request: HTTPRequest, from provider: String, through transport: any HTTPTransport,
                           errorMessage: ([UInt8]) -> String? = APIErrorEnvelope.message(in:),
                           memory: inout ProviderMemory, now: Double) -> Result<[UInt8], ProviderError> {
        if let until = memory.backoffEnd(of: provider, now: now) { return .failure(.backingOff(provider: provider, until: until)) }
        let answer = transport.perform(request)
        do {
            return .success(try body(of: answer, to: request, from: provider, errorMessage: errorMessage, memory: &memory, now: now))
        } catch {
            return .failure(error)
        }
    }

    /// One line for a provider failure, with the time a backoff ends.
    package static func describe(_ error: ProviderError) -> String {
        if case .backingOff(let provider, let until) = error {
            return "\(provider): rate-limited (HTTP 429); skipped until \(TimeText.iso(until)), try again then"
        }
        return error.message
    }
}
