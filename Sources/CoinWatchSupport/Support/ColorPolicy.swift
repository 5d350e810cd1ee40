/// Whether output gets ANSI color: only on a terminal, never with `NO_COLOR` set, unless
/// `--color always` (SPEC §1).
package struct ColorPolicy: Sendable, Equatable {
    /// `--color`: `auto` (a terminal without `NO_COLOR`), `always` or `never`.
    package enum Mode: String, Sendable { case auto, always, never }

    /// Color is on.
    package var enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }

    /// The policy for `--color mode` given the environment and whether stdout is a terminal.
    package init(mode: Mode, environment: [String: String], isTTY: Bool) {
        switch mode {
        case .always: enabled = true
        case .never: enabled = false
        case .auto: enabled = isTTY && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }

    /// `text` in green (a rise).
    package func green(_ text: String) -> String { wrap(text, "32") }
    /// `text` in red (a fall).
    package func red(_ text: String) -> String { wrap(text, "31") }
    /// `text` in bold.
    package func bold(_ text: String) -> String { wrap(text, "1") }
    /// `text` dimmed.
    package func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
