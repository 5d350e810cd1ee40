import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
/// One chat service under control (SPEC §13): its `control` entry, its sink's chat and the API that
/// reads it and sends the answers.
package struct ControlLink: Sendable {
    package enum Service: Sendable {
        case telegram(TelegramBotAPI)
        case matrix(MatrixClientAPI)
    }

    /// `telegram` or `matrix`: the key of its offset in the state and of its answers.
    package var transport: String
    package var chat: ControlChat
    /// The chat the sink sends to (Telegram `chat_id`, Matrix `room`): the only one commands are read from.
    package var sinkChat: String
    package var service: Service

    /// The links rules.json's `control` asks for, and one line for each that cannot be used now (its sink
    /// has an unset `${…}`: `reason` names the variable, never a value).
    package static func links(for rules: RulesFile) -> (links: [ControlLink], problems: [String]) {
        var links: [ControlLink] = []
        var problems: [String] = []
        for (transport, chat) in [("telegram", rules.control?.telegram), ("matrix", rules.control?.matrix)] {
            guard let chat else { continue }
            switch rules.sinks[chat.sink] {
            case .webhook(let config)? where transport == "telegram" && config.format == WebhookConfig.Format(TelegramFormat.self):
                links.append(ControlLink(transport: transport, chat: chat, sinkChat: config.chatID ?? "",
                                         service: .telegram(TelegramBotAPI(sink: chat.sink, config: config))))
            case .webhook(let config)? where transport == "matrix" && config.format == WebhookConfig.Format(MatrixFormat.self):
                links.append(ControlLink(transport: transport, chat: chat, sinkChat: config.room ?? "",
                                         service: .matrix(MatrixClientAPI(sink: chat.sink, config: config))))
            case .unavailable(_, let reason)?:
                problems.append("control.\(transport): sink '\(chat.sink)' cannot be used now: \(reason)")
            default:
                problems.append("control.\(transport): sink '\(chat.sink)' is not a \(transport) webhook sink")
            }
        }
        return (links, problems)
    }

    /// The most characters of one answer message; a longer answer is split into several.
    var limit: TextLimit {
        switch service {
        case .telegram: TextLimit(4096, .utf16)
        case .matrix: TextLimit(30_000, .jsonEscaped)
        }
    }

    /// How logs name it: `telegram (sink 'phone')`.
    package var name: String {
        switch service {
        case .telegram(let api): "telegram (sink '\(api.sink)')"
        case .matrix(let api): "matrix (sink '\(api.sink)')"
        }
    }

    /// Reads what arrived after `offset`, waiting up to `timeout` seconds for the first message. `me` is the
    /// Matrix bot's own user id, asked once and kept by the caller. A Matrix link without a `since` token
    /// only takes one (the room's history is not acted on).
    package func poll(offset: String?, timeout: Double, http: any HTTPTransport,
                      me: inout String?) -> Result<(messages: [ControlMessage], offset: String?), ControlFailure> {
        switch service {
        case .telegram(let api):
            return Self.answer(http.perform(api.updates(offset: offset, timeout: timeout)), what: "getUpdates")
                .flatMap { TelegramBotAPI.decode($0, offset: offset) }
        case .matrix(let api):
            if me == nil {
                switch Self.answer(http.perform(api.whoami()), what: "whoami") {
                case .success(let body): me = MatrixClientAPI.user(in: body)
                case .failure(let failure): return .failure(failure)
                }
            }
            let first = offset == nil
            let user = me
            return Self.answer(http.perform(api.sync(since: offset, timeout: first ? 0 : timeout)), what: "/sync")
                .flatMap { MatrixClientAPI.decode($0, room: api.room, me: user) }
                .map { (first ? [] : $0.messages, Optional($0.since)) }
        }
    }

    /// The body of a 2xx answer, or why there was none (a network error, a status), secrets redacted.
    static func answer(_ result: Result<HTTPResponse, TransportError>, what: String) -> Result<[UInt8], ControlFailure> {
        switch result {
        case .success(let response) where response.isSuccess: return .success(response.body)
        case .success(let response): return .failure(ControlFailure("\(what): HTTP \(response.status): \(response.bodyStart)"))
        case .failure(let error): return .failure(ControlFailure("\(what): \(error.message)"))
        }
    }

    /// What became of one answer message.
    package enum Verdict: Sendable, Equatable {
        case delivered
        /// 429: not before this many seconds.
        case wait(Double)
        /// A network error or 5xx: tried again later.
        case retry(String)
        /// Refused for good (another 4xx).
        case refused(String)
    }

    /// Sends `answer`'s text, or with `png` its chart (Telegram `sendPhoto` with the text as caption; Matrix the
    /// upload, then an `m.image` whose transaction id is the answer's key), and reads the verdict.
    package func send(_ answer: ControlAnswer, png: [UInt8]? = nil, http: any HTTPTransport) -> Verdict {
        switch service {
        case .telegram(let api):
            return Self.verdict(http.perform(png.map { api.sendPhoto($0, caption: answer.text, to: answer.chat, key: answer.key) }
                                             ?? api.send(answer.text, to: answer.chat)))
        case .matrix(let api):
            guard let png else { return Self.verdict(http.perform(api.send(answer.text, key: answer.key))) }
            let request = api.upload(png)
            let upload = http.perform(request)
            guard case .success(let response) = upload, response.isSuccess else { return Self.verdict(upload) }
            guard let uri = MatrixFormat.uploadedChart(request: request, body: response.body) else { return .retry("the media upload named no mxc:// URI") }
            return Self.verdict(http.perform(api.sendImage(uri, size: png.count, caption: answer.text, key: answer.key)))
        }
    }

    private static func verdict(_ result: Result<HTTPResponse, TransportError>) -> Verdict {
        switch result {
        case .success(let response) where response.isSuccess:
            return .delivered
        case .success(let response) where response.status == 429:
            return .wait(response.retryAfter() ?? RetryAfterBody.seconds(in: response.body) ?? 1)
        case .success(let response) where response.status >= 500:
            return .retry("HTTP \(response.status): \(response.bodyStart)")
        case .success(let response):
            return .refused("HTTP \(response.status): \(response.bodyStart)")
        case .failure(let error):
            return .retry(error.message)
        }
    }

    /// Stops a Telegram button's spinner (nothing for Matrix); a failure only leaves the spinner turning.
    package func acknowledge(_ callbackID: String, text: String, http: any HTTPTransport) {
        guard case .telegram(let api) = service else { return }
        _ = http.perform(api.acknowledge(callbackID, text: text))
    }
}
