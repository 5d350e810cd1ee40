/// What a rules.json will do: favorites x rules x sinks, for `check`. Never shows a secret.
struct Plan {
    var rules: RulesFile

    /// Every (rule, coin) pair the rules evaluate.
    var pairCount: Int {
        rules.rules.filter(\.enabled).reduce(0) { $0 + ($1.coin == "*" ? rules.favorites.count : 1) }
    }

    func text() -> String {
        var out = "\(rules.path): OK\n"
        out += "providers: " + rules.providers.map(providerText).joined(separator: ", ") + "\n"
        out += "favorites (\(rules.favorites.count)): " + rules.favorites.joined(separator: ", ") + "\n"
        out += "quote currency: \(rules.vsCurrency), interval \(TimeText.duration(rules.interval))\n"
        out += "rules (\(rules.rules.count), \(pairCount) pairs):\n"
        let idWidth = min(24, (rules.rules.map(\.id.count).max() ?? 0) + 2)
        for rule in rules.rules {
            let coin = rule.coin == "*" ? "* (\(rules.favorites.count) coins)" : rule.coin
            var line = "  " + rule.id.padding(to: idWidth) + coin.padding(to: 18) + conditionText(rule.condition)
            line += "  -> " + (rule.notify ?? rules.defaults.notify).joined(separator: ", ")
            if !rule.enabled { line += "  (disabled)" }
            out += line + "\n"
        }
        out += "sinks:\n"
        for (name, sink) in rules.sinks.sorted(by: { $0.key < $1.key }) {
            out += "  " + name.padding(to: 16) + sinkText(sink) + "\n"
        }
        return out
    }

    /// The plan as one JSON object, with `extra` raw members appended.
    func json(extra: [(key: String, json: String)] = []) -> String {
        var out = JSONOut()
        out.add("rules_file", rules.path)
        out.add("vs_currency", rules.vsCurrency)
        out.add("interval_seconds", rules.interval)
        out.addRaw("providers", JSONOut.array(rules.providers.map { JSONOut.quote($0.name.rawValue) }))
        out.addRaw("favorites", JSONOut.array(rules.favorites.map(JSONOut.quote)))
        out.add("pairs", pairCount)
        out.addRaw("rules", JSONOut.array(rules.rules.map { rule in
            var r = JSONOut()
            r.add("id", rule.id)
            r.add("coin", rule.coin)
            r.add("condition", rule.condition.key)
            r.add("threshold", rule.condition.threshold)
            r.addRaw("notify", JSONOut.array((rule.notify ?? rules.defaults.notify).map(JSONOut.quote)))
            r.add("enabled", rule.enabled)
            return r.text
        }))
        out.addRaw("sinks", JSONOut.array(rules.sinks.sorted(by: { $0.key < $1.key }).map { name, sink in
            var s = JSONOut()
            s.add("name", name)
            s.add("description", sinkText(sink))
            return s.text
        }))
        for member in extra { out.addRaw(member.key, member.json) }
        return out.text
    }

    private func providerText(_ p: ProviderConfig) -> String {
        var text = p.name.rawValue
        var notes = ["cache \(TimeText.duration(p.cacheTTL))", "timeout \(TimeText.duration(p.timeout))"]
        if let base = p.baseURL { notes.append("base \(Redaction.url(base))") }
        if let env = p.apiKeyEnv { notes.append("key from $\(env)") }
        text += " (" + notes.joined(separator: ", ") + ")"
        return text
    }

    private func sinkText(_ sink: SinkConfig) -> String {
        switch sink {
        case .stdout: return "stdout"
        case .file(let path): return "file \(path)"
        case .webhook(let w):
            var text = "webhook \(w.format.rawValue) to \(HTTPRequest.host(of: w.url)) (URL redacted)"
            if !w.headers.isEmpty { text += ", headers " + w.headers.map(\.name).joined(separator: ", ") + " (values hidden)" }
            return text + queueText(sink)
        case .command(let c):
            return "command \(c.argv.first ?? "") (timeout \(TimeText.duration(c.timeout)))" + queueText(sink)
        case .email(let e):
            return "email via \(HTTPRequest.host(of: e.url)) to \(e.to.count) recipient\(e.to.count == 1 ? "" : "s")" + queueText(sink)
        case .unavailable(let type, let reason):
            return "\(type), unavailable: \(reason)"
        }
    }

    private func queueText(_ sink: SinkConfig) -> String {
        var text = ""
        if sink.group { text += ", grouped" }
        if let q = sink.quietHours { text += ", quiet \(clock(q.start))-\(clock(q.end))" }
        return text
    }

    private func clock(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    func conditionText(_ condition: Condition) -> String {
        switch condition {
        case .above(let v), .below(let v), .crossesAbove(let v), .crossesBelow(let v), .crosses(let v):
            return "\(condition.key) \(NumberText.money(v, vs: rules.vsCurrency))"
        case .change24hAbove(let v), .change24hBelow(let v), .change24hAbs(let v):
            return "\(condition.key) \(NumberText.plain(v))%"
        case .newHigh(let w), .newLow(let w): return "\(condition.key) \(w.rawValue)"
        case .movePct(let pct, let within): return "move_pct \(NumberText.plain(pct))% within \(TimeText.duration(within))"
        case .entersRange(let l, let h), .exitsRange(let l, let h):
            return "\(condition.key) \(NumberText.money(l, vs: rules.vsCurrency))–\(NumberText.money(h, vs: rules.vsCurrency))"
        }
    }
}
