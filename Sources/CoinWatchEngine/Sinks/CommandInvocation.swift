import CoinWatchSupport
import CoinWatchRules
/// One run of a `command` sink's program: what it is given (SPEC §3).
package struct CommandInvocation: Sendable, Equatable {
    /// The program (looked up in `PATH` unless it holds a `/`) and its arguments, placeholders filled.
    package var argv: [String]
    /// The whole environment the program gets: the `inherited` part plus the alert's `COINWATCH_*` variables.
    package var environment: [String: String]
    /// Written to the program's standard input: the alert record (a grouped message: an array of records).
    package var stdin: [UInt8]
    /// Seconds before the process group is killed.
    package var timeout: Double

    /// The run that carries `alerts` (one, or a group) under Idempotency-Key `key` to sink `sink`.
    package static func make(for alerts: [Alert], key: String, sink: String, config: CommandConfig,
                            environment: [String: String], sent: SendTime? = nil) -> CommandInvocation {
        let text = WebhookPayload.text(for: alerts, sent: sent)
        var environment = inherited(environment, passing: config.passedVariables)
        for (name, value) in variables(for: alerts, key: key, sink: sink, text: text) { environment[name] = value }
        var values = alerts.first.map(AlertMessage.values(for:)) ?? [:]
        values["message"] = text
        let argv = config.argv.enumerated().map { index, item in
            let filled = MessageTemplate.render(item, values: values)
            // A value from a provider (a name `--help`, a symbol, a negative change) never becomes an
            // option (SPEC §3): an argument that starts with `-` only through a placeholder gets a space first.
            return index > 0 && filled.hasPrefix("-") && !item.hasPrefix("-") ? " " + filled : filled
        }
        let records = alerts.map(AlertRecord.json)
        let stdin = (alerts.count == 1 && !config.group ? records[0] : JSONOut.array(records)) + "\n"
        return CommandInvocation(argv: argv, environment: environment, stdin: Array(stdin.utf8), timeout: config.timeout)
    }

    /// The part of coinwatch's `environment` a program inherits, so no API key reaches it unless the sink's `env` names it.
    static func inherited(_ environment: [String: String], passing names: [String]) -> [String: String] {
        environment.filter { name, _ in
            name.hasPrefix("COINWATCH_") || name.hasPrefix("LC_") || ["PATH", "HOME", "LANG", "TZ"].contains(name)
                || names.contains(name)
        }
    }

    /// The `COINWATCH_*` variables of a message: the first alert's fields, every alert's line and how many there are.
    static func variables(for alerts: [Alert], key: String, sink: String, text: String) -> [(String, String)] {
        var list: [(String, String)] = [("COINWATCH_KEY", key), ("COINWATCH_SINK", sink), ("COINWATCH_MESSAGE", text),
                                        ("COINWATCH_ALERTS", String(alerts.count))]
        guard let alert = alerts.first else { return list }
        list += [
            ("COINWATCH_ID", alert.id), ("COINWATCH_RULE", alert.rule), ("COINWATCH_COIN", alert.coin),
            ("COINWATCH_SYMBOL", alert.symbol), ("COINWATCH_NAME", alert.name), ("COINWATCH_VS", alert.vs),
            ("COINWATCH_CONDITION", alert.condition), ("COINWATCH_STATUS", alert.status.rawValue),
            ("COINWATCH_PRICE", JSONOut.number(alert.price)), ("COINWATCH_TIME", TimeText.iso(alert.time)),
            ("COINWATCH_PROVIDER", alert.provider),
        ]
        if let previous = alert.previous { list.append(("COINWATCH_PREVIOUS", JSONOut.number(previous))) }
        if let threshold = alert.threshold { list.append(("COINWATCH_THRESHOLD", JSONOut.number(threshold))) }
        if let change = alert.change24h { list.append(("COINWATCH_CHANGE_24H", JSONOut.number(change))) }
        return list
    }
}
