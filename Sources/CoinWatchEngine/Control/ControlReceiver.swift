import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// What one read of a control chat does to the state (SPEC §13), pure: each message from the sink's
/// chat and a known sender is answered (`ControlHandler`), its state edit applied and its answer queued;
/// the offset advances past every message read, all in the one state the caller then writes. A
/// rules.json edit is returned to be written (before that state write) with `RulesFileWriter.replace`.
package enum ControlReceiver {
    /// The outcome besides the state: rules.json to write, audit lines, stderr lines.
    package struct Outcome: Sendable, Equatable {
        /// rules.json's new bytes and the bytes they replace, when an admin edited it.
        package var rules: (bytes: [UInt8], expected: [UInt8])?
        /// `control.jsonl` lines: time, transport, chat, user, command, outcome.
        package var audit: [String] = []
        /// Lines for stderr (an unknown sender, at most once an hour each).
        package var errors: [String] = []

        package static func == (a: Outcome, b: Outcome) -> Bool {
            a.rules?.bytes == b.rules?.bytes && a.rules?.expected == b.rules?.expected && a.audit == b.audit && a.errors == b.errors
        }
    }

    /// Seconds between two stderr lines about the same unknown sender.
    static let unknownEvery: Double = 3_600

    /// Handles `messages` read from `transport` with `chat`'s config, the sink's chat id `sinkChat`, and moves
    /// `input.state`'s offset of that transport to `offset`. `input.state` is the state to write afterwards.
    package static func receive(_ messages: [ControlMessage], offset: String, transport: String, chat: ControlChat, sinkChat: String,
                               input: inout ControlInput) -> Outcome {
        var outcome = Outcome()
        let original = input.rulesBytes
        for message in messages where message.chat == sinkChat {
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
            guard let command = ControlCommand(message.text) else { continue }
            let reply = ControlHandler.handle(command, role: role, input: input)
            switch reply.edit {
            case .rewriteRules(let bytes, _)?:
                if let loaded = try? RulesLoader.parse(bytes: bytes, path: input.rules.path, environment: input.environment) {
                    input.rules = loaded.rules
                    input.rulesBytes = bytes
                    outcome.rules = (bytes, original)
                }
            case let edit?:
                edit.apply(to: &input.state, now: input.now)
            case nil:
                break
            }
            input.state.control.answers.append(ControlAnswer(transport: transport, chat: message.chat, text: reply.answer,
                                                             key: message.key, queuedAt: input.now))
            var record = JSONOut()
            record.add("time", TimeText.iso(input.now))
            record.add("transport", transport)
            record.add("chat", message.chat)
            record.add("user", message.sender)
            record.add("command", command.text)
            record.add("outcome", reply.outcome)
            outcome.audit.append(record.text)
        }
        input.state.control.offsets[transport] = offset
        let stale = input.state.control.unknown.filter { input.now - $0.value >= unknownEvery }.map(\.key)
        for key in stale { input.state.control.unknown[key] = nil }
        return outcome
    }
}
