import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// `coinwatch __complete rules|favorites|sinks|silences` (hidden): the completion scripts' words from
/// the user's own files, one a line, rules.json read without validation; nothing for an unreadable file.
enum CompleteCommand {
    /// The hidden command's name.
    static let name = "__complete"

    /// Runs it with `arguments` after the name.
    static func run(_ arguments: [String], io: IO, clock: any WallClock) -> ExitCode {
        let kinds = CompletionModel.Source.allCases.map(\.rawValue)
        guard let word = arguments.first, let source = CompletionModel.Source(rawValue: word) else {
            io.err("Error: '\(name)' takes one of \(kinds.joined(separator: ", ")).\n")
            return .usage
        }
        guard let parsed = ArgumentParser.parse(Array(arguments.dropFirst()), io: io) else { return .usage }
        let words = self.words(source, rulesPath: Paths.rules(flag: parsed.rulesPath, environment: io.environment),
                               statePath: Paths.state(flag: parsed.statePath, environment: io.environment),
                               now: clock.now().timeIntervalSince1970)
        if !words.isEmpty { io.out(words.map(TerminalText.clean).joined(separator: "\n") + "\n") }
        return .success
    }

    /// The words of `source`, in file order, each once.
    static func words(_ source: CompletionModel.Source, rulesPath: String, statePath: String, now: Double) -> [String] {
        if source == .silences {
            let state = try? StateStore.load(path: statePath, sections: .silences)
            return (state?.silences ?? []).filter { $0.until > now }.map(\.id)
        }
        guard let bytes = try? FileReader.contents(of: rulesPath, limit: RulesValidator.maxFileBytes),
              let root = try? JSONParser.parse(bytes) else { return [] }
        switch source {
        case .rules: return (root["rules"]?.elements ?? []).compactMap { $0["id"]?.stringValue }.uniqued()
        case .favorites: return (root["favorites"]?.elements ?? []).compactMap(\.stringValue).uniqued()
        case .sinks: return ((root["sinks"]?.members ?? []).map(\.key) + ["stdout"]).uniqued()
        case .silences: return []
        }
    }
}
