import Foundation
import Testing

/// A real terminal for the live `watch` view's tests: a private tmux server (socket and config in a
/// temporary folder, never the user's) running one command in a detached pane of `columns`×`rows`.
/// Keys go in with `send-keys`, the screen comes back with `capture-pane`, polled with a bounded
/// deadline for the content expected (never a wait for time to pass).
///
/// `new-session` starts the server through `Shell.spawnDetached`, not `Process`: the forked server
/// would inherit the descriptors Foundation watches to learn that its child ended (and the test's
/// blocked signals), so the wait for `new-session` never ended. Every other tmux call is a
/// short-lived client with a timeout, and `deinit` kills the server.
final class TmuxPane {
    enum PaneError: Error { case notStarted(String) }

    private let dir: TempDir
    private var socket: String { dir.path + "/tmux.sock" }

    /// Starts `command` (argv, run without a shell) in a new pane; throws when tmux does not start it within 20 s.
    init(_ command: [String], columns: Int, rows: Int) throws {
        dir = try TempDir()
        // remain-on-exit keeps the pane, its last screen and its exit status after the program ends.
        try dir.write("tmux.conf", "set -g remain-on-exit on\nset -g status off\nset -g history-limit 0\n")
        let status = try Shell.spawnDetached(Self.tmuxPath, ["-u", "-S", socket, "-f", dir.path + "/tmux.conf",
                                                      "new-session", "-d", "-s", "w", "-x", "\(columns)", "-y", "\(rows)"] + command,
                                     environment: environment)
        guard status == 0, Eventually.wait(timeout: 20, { self.pid() != nil }) else {
            throw PaneError.notStarted("tmux new-session exited \(status.map(String.init) ?? "late")")
        }
    }

    deinit {
        _ = try? Shell.execute(Self.tmuxPath, ["-S", socket, "kill-server"], environment: environment, cwd: nil, timeout: 10)
    }

    /// The tmux binary, or nil when it is not installed (`make deps` installs it).
    static var installed: Bool { Shell.which("tmux") != nil }

    private static var tmuxPath: String { Shell.which("tmux") ?? "/usr/bin/tmux" }

    private var environment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": dir.path, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    }

    /// One tmux client command against this server (at most 10 s).
    @discardableResult
    func tmux(_ args: [String]) throws -> Shell.Run {
        try Shell.execute(Self.tmuxPath, ["-u", "-S", socket] + args, environment: environment, cwd: nil, timeout: 10)
    }

    /// The pane's screen as text, one line per row, trailing spaces cut.
    func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", "w"]).stdout) ?? "" }

    /// Sends keys as tmux names them (`q`, `Enter`, `C-c`), each as its own key press.
    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", "w"] + keys) }

    /// Resizes the window (and so the pane; the program gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "w", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// A tmux format about the pane, such as `#{alternate_on}` or `#{cursor_flag}`.
    func format(_ format: String) -> String {
        ((try? tmux(["display-message", "-p", "-t", "w", format]).stdout) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's first process (the command started), nil before it runs.
    func pid() -> Int32? { Int32(format("#{pane_pid}")) }

    /// Whether the pane's command has ended.
    var dead: Bool { format("#{pane_dead}") == "1" }

    /// The children of process `pid` (Linux `/proc`).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Polls the screen until `condition` holds (at most `timeout` seconds); returns the last screen.
    /// A screen that never matches is recorded as a test failure, with the screen.
    func waitFor(timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
                 _ condition: (String) -> Bool) -> String {
        var last = ""
        let matched = Eventually.wait(timeout: timeout) {
            last = screen()
            return condition(last)
        }
        if !matched { Issue.record("the screen never matched in \(Int(timeout)) s:\n\(last)", sourceLocation: sourceLocation) }
        return last
    }
}
