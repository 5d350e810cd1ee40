import CoinWatchTransport
import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchEngine
/// What a rules.json will do: favorites x rules x sinks, for `check`. Never shows a secret.
struct Plan {
    var rules: RulesFile
    /// The silences in force (from the state), shown on the rules they cover.
    var silences: [Silence] = []
    /// Favorite → ticker symbol, as passes learned them (the state's memory): a ratio rule's
    /// threshold is in its second coin (`ethereum/bitcoin`: ₿).
    var symbols: [String: String] = [:]

    /// Every (rule, coin) pair the rules evaluate.
    var pairCount: Int {
        rules.rules.filter(\.enabled).reduce(0) { $0 + rules.pairCoins(of: $1).count }
    }

    func text() -> String {
        var out = "\(rules.path): OK\n"
        out += "providers: " + rules.providers.map(providerText).joined(separator: ", ") + "\n"
        out += "favorites (\(rules.favorites.count)): " + rules.favorites.joined(separator: ", ") + "\n"
        out += "quote currency: \(rules.vsCurrency), interval \(TimeText.duration(rules.interval))\n"
        out += requestsText() + "\n"
        if let lists = listRequestsText() { out += lists + "\n" }
        out += "rules (\(rules.rules.count), \(pairCount) pairs):\n"
        let idWidth = min(24, (rules.rules.map(\.id.count).max() ?? 0) + 2)
        for rule in rules.rules {
            let coin = rule.coin != "*" ? rule.coin
                : rule.condition.kind.needs.marketLists ? "* (every market)" : "* (\(rules.favorites.count) coins)"
            var line = "  " + rule.id.padding(to: idWidth) + coin.padding(to: 18) + conditionText(rule.condition, vs: currency(of: rule))
            line += "  -> " + rules.sinks(of: rule).joined(separator: ", ")
            if !rule.enabled { line += "  (disabled)" }
            let timing = timingText(rule)
            if !timing.isEmpty { line += "  [" + timing + "]" }
            out += line + "\n"
            for need in candleNeeds(rule) { out += "      " + need.text + "\n" }
            if let note = windowNote(rule) { out += "      " + note + "\n" }
        }
        if !silences.isEmpty {
            out += "silences (\(silences.count)):\n"
            for silence in silences {
                out += "  " + silence.id.padding(to: 10) + SilenceTarget.shown(silence.target).padding(to: 18)
                    + "until " + TimeText.iso(silence.until)
                    + (silence.comment.map { "  " + SilenceTarget.shown($0) } ?? "") + "\n"
            }
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
        out.addRaw("requests", requestsJSON())
        out.addRaw("rules", JSONOut.array(rules.rules.map { rule in
            var r = JSONOut()
            r.add("id", rule.id)
            r.add("coin", rule.coin)
            r.add("condition", rule.condition.key)
            r.add("threshold", rule.condition.threshold)
            r.addRaw("notify", JSONOut.array(rules.sinks(of: rule).map(JSONOut.quote)))
            r.add("enabled", rule.enabled)
            r.add("timing", timingText(rule).isEmpty ? nil : timingText(rule))
            let candles = candleNeeds(rule)
            if !candles.isEmpty { r.addRaw("candles", JSONOut.array(candles.map(\.json))) }
            let covering = silences.filter { covers($0, rule) }
            if !covering.isEmpty { r.addRaw("silenced_by", JSONOut.array(covering.map { JSONOut.quote($0.id) })) }
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

    /// The rule's timing: `for`, cooldown, repeat, rearm, resolve, once, expires and the silences on it.
    func timingText(_ rule: Rule) -> String {
        var parts: [String] = []
        if let wait = rule.forDuration, wait > 0 { parts.append("for \(TimeText.duration(wait))") }
        let cooldown = rule.cooldown ?? rules.defaults.cooldown
        if cooldown > 0 { parts.append("cooldown \(TimeText.duration(cooldown))" + (rule.cooldown == nil ? " (default)" : "")) }
        if let every = rule.repeatEvery { parts.append("repeat every \(TimeText.duration(every))") }
        if let rearm = rule.rearm { parts.append("rearm \(NumberText.plain(rearm))" + (rule.condition.key.hasPrefix("change_") ? " pts" : "%")) }
        if rule.resolve { parts.append("resolve") }
        if rule.once { parts.append("once") }
        if let expires = rule.expires { parts.append("expires \(TimeText.iso(expires.timeIntervalSince1970))") }
        for silence in silences where covers(silence, rule) {
            parts.append("silenced until \(TimeText.iso(silence.until)) (\(silence.id))")
        }
        return parts.joined(separator: ", ")
    }

    /// Whether `silence` covers some pair of `rule`.
    private func covers(_ silence: Silence, _ rule: Rule) -> Bool {
        rules.pairCoins(of: rule).contains { silence.covers(rule: rule.id, coin: $0) }
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
        if let q = sink.quietHours { text += ", quiet \(TimeText.clock(minutes: q.start))-\(TimeText.clock(minutes: q.end))" }
        return text
    }

    func conditionText(_ condition: Condition, vs: String? = nil) -> String {
        condition.kind.listing(vs: vs ?? rules.vsCurrency)
    }

    /// The currency `rule`'s thresholds are in, as its alerts show them: a ratio's second coin's symbol,
    /// else the rule's `vs`, else `vs_currency`.
    func currency(of rule: Rule) -> String {
        guard let parts = RuleCoin.ratioParts(rule.coin) else { return rule.vs ?? rules.vsCurrency }
        let quote = parts.quote.lowercased()
        return (symbols[parts.quote] ?? symbols[quote] ?? WellKnownSymbols.byID[quote] ?? parts.quote).lowercased()
    }

    /// Where a `new_high`/`new_low` rule's window comes from (SPEC §2): the provider's own figure where
    /// it reports one, else its price history, fetched at the first pass and kept current; nil for other kinds.
    func windowNote(_ rule: Rule) -> String? {
        guard let kind = rule.condition.kind as? any WindowExtremeKind, let seconds = kind.window.seconds else { return nil }
        let word = type(of: kind).high ? "high" : "low"
        let window = kind.window.rawValue
        let source = kind.window == .d7 || kind.window == .d30 ? "no provider reports it" : "where the provider does not report it"
        return "the \(window) \(word): \(source), so it is taken from the provider's price history at the first pass "
            + "(one request, through the history store), then kept current by the observed prices; "
            + "only without any history does it wait \(TimeText.duration(seconds)) of watching"
    }
}
