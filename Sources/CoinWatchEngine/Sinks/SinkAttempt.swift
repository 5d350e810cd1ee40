import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
/// One try at delivering one part of a queued sink's message: an HTTP or mail request, or a program run.
enum SinkAttempt: Sendable, Equatable {
    case http(HTTPRequest)
    case command(CommandInvocation)

    /// The tries, one per part in order, that carry `entry` to a sink of `config` at `now`;
    /// `environment` is what a command's program inherits. Empty for a sink that cannot send.
    static func make(for entry: OutboxEntry, config: SinkConfig, environment: [String: String], now: Double) -> [SinkAttempt] {
        let sent = SendTime(now: now, local: config.quietHours != nil)
        switch config {
        case .webhook(let webhook):
            return WebhookRequest.make(for: entry, config: webhook, sent: sent).map(SinkAttempt.http)
        case .command(let command):
            return [.command(CommandInvocation.make(for: entry.alerts, key: entry.key, sink: entry.sink, config: command,
                                                    environment: environment, sent: sent))]
        case .email(let email):
            let body = MailMessage.make(for: entry.alerts, key: entry.key, config: email, sent: sent, chart: entry.chartBytes)
            var request = HTTPRequest(url: email.url, method: "MAIL", body: body, timeout: email.timeout, caFile: email.caFile,
                                      displayURL: "email '\(entry.sink)' (\(HTTPRequest.host(of: email.url)))",
                                      followsRedirects: false)
            request.mail = MailEnvelope(from: MailAddress.bare(email.from) ?? email.from,
                                        recipients: email.to.map { MailAddress.bare($0) ?? $0 },
                                        username: email.username, password: email.password, tls: email.tls)
            return [.http(request)]
        case .stdout, .file, .unavailable:
            return []
        }
    }
}

/// What one try got back.
enum SinkAnswer: Sendable {
    case http(Result<HTTPResponse, TransportError>)
    case command(CommandOutcome)
}
