import CoinWatchTransport
import CoinWatchRules
/// One chat under control (SPEC §13): its `control` entry and the chat service that reads it and sends the answers.
package struct ControlLink: Sendable {
    /// Its format's name: the key of its `control` entry, of its offset in the state and of its answers.
    package var transport: String
    package var chat: ControlChat
    package var service: any ControlTransport

    /// The links rules.json's `control` asks for, and one line for each that cannot be used now (it or its sink
    /// has an unset `${…}`: `reason` names the variable, never a value), or none and one line when `control_log` has one.
    package static func links(for rules: RulesFile) -> (links: [ControlLink], problems: [String]) {
        if let reason = rules.controlUnavailable {
            return ([], ["chat control is off in this run: \(reason); no commands are read from chat (alerts are not affected)"])
        }
        var links: [ControlLink] = []
        var problems: [String] = []
        for format in SinkFormats.controlled {
            guard let chat = rules.control?[format.name] else { continue }
            if let reason = chat.unavailable {
                problems.append("control.\(format.name): chat control is off in this run: \(reason); no commands are read from it (alerts are not affected)")
                continue
            }
            let sink = rules.sinks[chat.sink]
            if case .webhook(let config)? = sink, config.format.rawValue == format.name,
               let service = config.format.delivery?.controlTransport(sink: chat.sink, config: config) {
                links.append(ControlLink(transport: format.name, chat: chat, service: service))
            } else if case .unavailable(_, let reason)? = sink {
                problems.append("control.\(format.name): sink '\(chat.sink)' cannot be used now: \(reason); no commands are read from it")
            } else {
                problems.append("control.\(format.name): sink '\(chat.sink)' is not a \(format.name) webhook sink; no commands are read from it")
            }
        }
        return (links, problems)
    }

    /// How logs name it: `<format> (sink 'phone')`.
    package var name: String { "\(transport) (sink '\(chat.sink)')" }

    /// The body of a 2xx answer, or why there was none (a network error, a status), secrets redacted.
    static func answer(_ result: Result<HTTPResponse, TransportError>, what: String) -> Result<[UInt8], ControlFailure> {
        switch result {
        case .success(let response) where response.isSuccess: return .success(response.body)
        case .success(let response): return .failure(ControlFailure("\(what): HTTP \(response.status): \(response.bodyStart)"))
        case .failure(let error): return .failure(ControlFailure("\(what): \(error.message)"))
        }
    }
}
