/// `coinwatch state show | reset [--rule ID]`.
enum StateCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        let path = context.statePath
        switch context.arguments.positionals.first {
        case "show": return show(context, path: path)
        case "reset": return reset(context, path: path)
        case let other?:
            context.io.err("Error: Unknown state command '\(other)'.\(Suggestion.phrase(for: other, in: ["show", "reset"]))\n")
            return .usage
        case nil:
            context.io.err("Error: Missing state command: 'show' or 'reset'.\n")
            return .usage
        }
    }

    private static func show(_ context: CommandContext, path: String) -> ExitCode {
        let state: StateDocument
        do {
            state = try StateStore.load(path: path)
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
        let pairs = state.pairs.sorted { $0.key < $1.key }
        if context.arguments.json {
            let items = pairs.map { key, pair in
                var o = JSONOut()
                let (rule, coin) = split(key)
                o.add("rule", rule)
                o.add("coin", coin)
                o.add("status", pair.firing ? "firing" : "armed")
                o.add("last_notified", pair.lastNotified.map(TimeText.iso))
                o.add("last_price", pair.lastPrice)
                return o.text
            }
            var doc = JSONOut()
            doc.add("state", path)
            doc.addRaw("pairs", JSONOut.array(items))
            doc.add("outbox", state.outbox.reduce(0) { $0 + $1.alerts.count })
            context.io.out(doc.text + "\n")
            return .success
        }
        guard !context.arguments.quiet else { return .success }
        var out = "\(path): \(pairs.count) pairs, \(state.outbox.reduce(0) { $0 + $1.alerts.count }) alerts queued\n"
        for (key, pair) in pairs {
            let (rule, coin) = split(key)
            out += "  " + rule.padding(to: 20) + coin.padding(to: 16) + (pair.firing ? "firing" : "armed ").padding(to: 8)
            out += "last notified " + (pair.lastNotified.map(TimeText.iso) ?? "never")
            out += pair.lastPrice.map { "  last price \(NumberText.plain($0))" } ?? ""
            out += "\n"
        }
        context.io.out(out)
        return .success
    }

    private static func reset(_ context: CommandContext, path: String) -> ExitCode {
        let lock: StateLock
        do {
            lock = try StateLock.acquire(statePath: path, timeout: context.lockTimeout)
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
        defer { lock.release() }
        let now = context.clock.now().timeIntervalSince1970
        do {
            if let rule = context.arguments.rule {
                var state = try StateStore.load(path: path)
                let before = state.pairs.count
                state.pairs = state.pairs.filter { split($0.key).0 != rule }
                try StateStore.save(state, to: path)
                if !context.arguments.quiet { context.io.out("forgot \(before - state.pairs.count) pair(s) of rule \(rule)\n") }
                return .success
            }
            guard let moved = try StateStore.reset(path: path, now: now) else {
                if !context.arguments.quiet { context.io.out("no state at \(path); nothing to reset\n") }
                return .success
            }
            if !context.arguments.quiet { context.io.out("moved \(path) to \(moved); the next pass starts over\n") }
            return .success
        } catch {
            context.io.err("coinwatch: \(error.message)\n")
            return error.exitCode
        }
    }

    /// "rule|coin" → (rule, coin).
    private static func split(_ key: String) -> (String, String) {
        guard let bar = key.firstIndex(of: "|") else { return (key, "") }
        return (String(key[..<bar]), String(key[key.index(after: bar)...]))
    }
}
