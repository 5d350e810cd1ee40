import CoinWatchSupport
import CoinWatchRules
import Synchronization

/// What stands between a command and stdout and stderr: every secret it has learned is scrubbed, and
/// each stderr write is one line without control or bidi characters (SPEC §1, §3).
package final class OutputGuard: Sendable {
    private let scrubber = Mutex(SecretScrubber.none)

    package init() {}

    /// Adds the secrets of `rules` to those scrubbed from now on.
    package func learn(_ rules: RulesFile) {
        let learned = SecretScrubber(rules: rules)
        guard !learned.isEmpty else { return }
        scrubber.withLock { $0 = $0.adding(learned) }
    }

    /// `text` without the secrets learned so far.
    package func scrub(_ text: String) -> String {
        let current = scrubber.withLock { $0 }
        return current.scrub(text).text
    }

    /// `text` scrubbed and made one line (ending in a newline when it had one, starting with a carriage
    /// return when it had one: a progress line redrawn in place).
    package func errorLine(_ text: String) -> String {
        let ended = text.hasSuffix("\n"), redrawn = text.hasPrefix("\r")
        let line = TerminalText.clean(scrub(String(text.dropFirst(redrawn ? 1 : 0).dropLast(ended ? 1 : 0))))
        return (redrawn ? "\r" : "") + line + (ended ? "\n" : "")
    }
}

extension IO {
    /// This IO with its stdout text scrubbed of secrets and its stderr written through
    /// `guard.errorLine`; bytes (an image) go out as they are.
    package func guarded(by guard: OutputGuard) -> IO {
        let out = self.out, err = self.err
        return IO(out: { out(`guard`.scrub($0)) }, err: { err(`guard`.errorLine($0)) },
                  environment: environment, stdoutIsTTY: stdoutIsTTY, outBytes: outBytes)
    }
}
