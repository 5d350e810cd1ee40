import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// What one read of a control chat does to the state (SPEC §13), pure: each message from the sink's chat and a known
/// sender answered, its edit applied, its answer queued and the offset advanced, all in the one state the caller writes.
package enum ControlReceiver {
    /// The outcome besides the state: rules.json to write, audit lines, stderr lines.
    package struct Outcome: Sendable {
        /// rules.json's new bytes, when an admin edited it (they replace the bytes `input` held).
        package var rules: [UInt8]?
        /// `control.jsonl` lines: time, transport, chat, user, command, outcome.
        package var audit: [String] = []
        /// Lines for stderr (an unknown sender, at most once an hour each).
        package var errors: [String] = []
        /// Button presses to acknowledge once the state is written: id, answer.
        package var callbacks: [(id: String, text: String)] = []
    }

    /// The answer to a button press that came without its message (it is too old), so whose chat is unknown.
    static let orphanPress = "This button's message is too old to act on; send the command in the chat instead."

    /// Seconds between two stderr lines about the same unknown sender.
    static let unknownEvery: Double = 3_600

    /// Handles `messages` read from `transport` (the sink's chat `sinkChat`) and moves `input.state`'s offset to `offset`.
    package static func receive(_ messages: [ControlMessage], offset: String, transport: String, chat: ControlChat, sinkChat: String,
                               limit: TextLimit = TextLimit(4096, .utf16), input: inout ControlInput) -> Outcome {
        var outcome = Outcome()
        var replies: [(key: String, text: String)] = []
        var charts: [ControlAnswer] = []
        for message in messages {
            guard message.chat == sinkChat else {
                // A button press without its message: its spinner stops, and the presser learns what to do instead.
                if message.chat.isEmpty, let callback = message.callbackID { outcome.callbacks.append((callback, orphanPress)) }
                continue
            }
            let role = chat.role(of: message.sender)
            guard role != .none else {
                let seen = "\(transport):\(message.sender)"
                if input.state.control.unknown[seen].map({ input.now - $0 >= unknownEvery }) ?? true {
                    input.state.control.unknown[seen] = input.now
                    outcome.errors.append("coinwatch: control: ignored a message from unknown \(transport) sender "
                                          + "\(SilenceTarget.shown(message.sender)); add it to control.\(transport).users or admins to let it command")
                }
                continue
            }
            guard let command = ControlCommand(message.text) else {
                if let callback = message.callbackID { outcome.callbacks.append((callback, "")) }
                continue
            }
            input.key = message.key
            let reply = ControlHandler.handle(command, role: role, input: &input)
            input.key = nil
            if let callback = message.callbackID { outcome.callbacks.append((callback, reply.answer)) }
            switch reply.edit {
            case .rewriteRules(let bytes)?:
                if let loaded = try? RulesLoader.parse(bytes: bytes, path: input.rules.path, environment: input.environment,
                                                       unavailableSinks: true) {
                    input.rules = loaded.rules
                    input.rulesBytes = bytes
                    outcome.rules = bytes
                }
            case let edit?:
                edit.apply(to: &input.state, now: input.now)
            case nil:
                break
            }
            if let chart = reply.chart {
                charts.append(ControlAnswer(transport: transport, chat: sinkChat, text: reply.answer, key: message.key, queuedAt: input.now,
                                            chart: chart))
            } else {
                replies.append((message.key, reply.answer))
            }
            var record = JSONOut()
            record.add("time", TimeText.iso(input.now))
            record.add("transport", transport)
            record.add("chat", message.chat)
            record.add("user", message.sender)
            record.add("command", command.text)
            record.add("outcome", reply.outcome)
            outcome.audit.append(record.text)
        }
        queue(replies, chat: sinkChat, transport: transport, limit: limit, state: &input.state, now: input.now)
        input.state.control.answers += charts
        input.state.control.offsets[transport] = offset
        let stale = input.state.control.unknown.filter { input.now - $0.value >= unknownEvery }.map(\.key)
        for key in stale { input.state.control.unknown[key] = nil }
        return outcome
    }

    /// Queues the text answers of one read as one message (the chat gets one a second at most), split where longer than
    /// `limit` into parts keyed `KEY-1`, `KEY-2`, … after the first command's key.
    static func queue(_ replies: [(key: String, text: String)], chat: String, transport: String, limit: TextLimit,
                      state: inout StateDocument, now: Double) {
        guard let key = replies.first?.key else { return }
        let parts = TextSplitter.split(replies.map(\.text).joined(separator: "\n\n"), limit: limit)
        for (index, part) in parts.enumerated() {
            state.control.answers.append(ControlAnswer(transport: transport, chat: chat, text: part,
                                                       key: parts.count == 1 ? key : "\(key)-\(index + 1)", queuedAt: now))
        }
    }
}
