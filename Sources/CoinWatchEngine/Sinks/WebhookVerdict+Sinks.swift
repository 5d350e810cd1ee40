import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
extension WebhookVerdict {
    /// The verdict on `answer` from a sink of `config` (SPEC §3): a webhook's HTTP status, an email's SMTP reply
    /// (4xx or a network error retried, 5xx final), a command's exit (0 delivered, 75 or a timeout retried, else final).
    init(_ answer: SinkAnswer, config: SinkConfig) {
        switch (answer, config) {
        case (.http(let result), .email(let email)):
            self.init(mail: result, host: HTTPRequest.host(of: email.url))
        case (.http(let result), .webhook(let webhook)):
            self.init(result, host: HTTPRequest.host(of: webhook.url))
        case (.http(let result), _):
            self.init(result, host: "")
        case (.command(let outcome), _):
            self.init(command: outcome)
        }
    }

    /// An SMTP exchange: 2xx/3xx delivered, 4xx retried, 5xx final; a network or TLS failure retried.
    init(mail result: Result<HTTPResponse, TransportError>, host: String) {
        switch result {
        case .success(let reply) where reply.status < 400:
            self = .delivered
        case .success(let reply):
            let text = BodySummary.oneLine(reply.body, html: false)
            let error = "\(host): the mail server refused the message: \(text.isEmpty ? "SMTP \(reply.status)" : text)"
            self = reply.status < 500 ? .retry(error, retryAfter: nil) : .final(error)
        case .failure(.tls(let host, let message)) where message.uppercased().contains("STARTTLS"):
            self = .retry("\(host): the mail server offers no STARTTLS, and coinwatch sends mail unencrypted only to a local MTA "
                          + "(\"tls\": \"none\") (\(message))", retryAfter: nil)
        case .failure(let error):
            if case .badURL = error { self = .final(error.message) } else { self = .retry(error.message, retryAfter: nil) }
        }
    }

    /// A program's end: exit 0 delivered, 75 (EX_TEMPFAIL) or a timeout retried, anything else final.
    init(command outcome: CommandOutcome) {
        let error = Self.describe(outcome)
        switch outcome.end {
        case .exited(0): self = .delivered
        case .exited(75), .timedOut: self = .retry(error, retryAfter: nil)
        case .exited, .signaled, .notStarted: self = .final(error)
        }
    }

    /// `exit status 3: <output>`, `timed out after 10s, process group killed: <output>`, `cannot run it: No such file…`.
    static func describe(_ outcome: CommandOutcome) -> String {
        var text: String
        switch outcome.end {
        case .exited(let status): text = "exit status \(status)"
        case .signaled(let signal): text = "killed by signal \(signal)"
        case .timedOut(let seconds): text = "timed out after \(TimeText.duration(seconds)), its process group was killed"
        case .notStarted(let reason): text = "could not be started: \(reason)"
        }
        let output = BodySummary.oneLine(Array(outcome.output.utf8), html: false, limit: 300)
        if !output.isEmpty { text += "; output: \(output)" + (outcome.outputDropped > 0 ? " (\(outcome.outputDropped) more bytes)" : "") }
        return text
    }
}
