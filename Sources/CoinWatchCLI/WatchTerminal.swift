import CoinWatchSupport
import Glibc

/// The live watchlist's terminal, as htop and cointop handle it: the alternate screen, no cursor, raw
/// keys, each frame written once; the caller calls `restore()` on every exit path.
final class WatchTerminal {
    private var saved = termios()
    private var raw = false
    private var active = true

    /// Enters the alternate screen and key-at-a-time input on stdin/stdout.
    init() {
        if tcgetattr(0, &saved) == 0 {
            var keys = saved
            keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
            keys.c_cc.6 = 1  // VMIN: a key at a time
            keys.c_cc.5 = 0  // VTIME
            keys.c_cc.10 = 0  // VSUSP off: Ctrl-Z would stop us with the screen taken over
            raw = tcsetattr(0, TCSANOW, &keys) == 0
        }
        Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    /// Leaves the alternate screen, shows the cursor and restores the key input settings; a second call does nothing.
    func restore() {
        guard active else { return }
        active = false
        Self.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if raw { _ = tcsetattr(0, TCSANOW, &saved) }
        raw = false
    }

    /// The terminal's size (columns, rows); 80×24 when it cannot say.
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// One frame: `lines` (each at most `columns` wide) from the top-left corner, at most `rows` of them.
    func draw(_ lines: [String], columns: Int, rows: Int) {
        Self.write(Self.frame(lines, columns: columns, rows: rows))
    }

    /// The bytes of one frame: each row addressed, written and cleared after its text (not when it reaches
    /// the last column, where an erase would take its last character); no newline, so it never scrolls.
    static func frame(_ lines: [String], columns: Int, rows: Int) -> String {
        let shown = lines.prefix(max(1, rows))
        var frame = ""
        for (index, line) in shown.enumerated() {
            frame += "\u{1B}[\(index + 1);1H" + line
            if visibleWidth(line) < columns { frame += "\u{1B}[K" }
        }
        if shown.count < rows { frame += "\u{1B}[\(shown.count + 1);1H\u{1B}[J" }
        return frame
    }

    /// The columns `line` takes on screen: its width without the SGR color sequences (`ESC [ … m`).
    static func visibleWidth(_ line: String) -> Int {
        TextCell.width(TerminalText.clean(line))
    }

    /// The bytes waiting on stdin (a key or a few), empty at end of input.
    func readKeys() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(0, &buffer, buffer.count)
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    private static func write(_ text: String) {
        _ = POSIXFile.writeAll(1, Array(text.utf8))
    }
}
