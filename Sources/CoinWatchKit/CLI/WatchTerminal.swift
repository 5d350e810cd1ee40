#if canImport(Glibc)
import Glibc
#endif

/// The live watchlist's terminal, as htop and cointop handle it: the alternate screen, the cursor
/// hidden, keys read one at a time without echo; every frame drawn into one buffer and written
/// once (home, each line cleared to its end, the rest of the screen cleared), so nothing flickers.
/// `restore()` puts the terminal back as it was; the caller calls it on every exit path.
final class WatchTerminal {
    private var saved = termios()
    private var raw = false

    /// Enters the alternate screen and raw key input on stdin/stdout.
    init() {
        if tcgetattr(0, &saved) == 0 {
            var keys = saved
            keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
            keys.c_cc.6 = 1  // VMIN: a key at a time
            keys.c_cc.5 = 0  // VTIME
            raw = tcsetattr(0, TCSANOW, &keys) == 0
        }
        Self.write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Leaves the alternate screen, shows the cursor and restores the key input settings.
    func restore() {
        Self.write("\u{1B}[?25h\u{1B}[?1049l")
        if raw { _ = tcsetattr(0, TCSANOW, &saved) }
        raw = false
    }

    /// The terminal's size (columns, rows); 80×24 when it cannot say.
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// One frame: `lines` from the top-left corner, at most `rows` of them.
    func draw(_ lines: [String], rows: Int) {
        var frame = "\u{1B}[H"
        for line in lines.prefix(max(1, rows)) { frame += line + "\u{1B}[K\r\n" }
        frame += "\u{1B}[J"
        Self.write(frame)
    }

    /// The bytes waiting on stdin (a key or a few), empty at end of input.
    func readKeys() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = read(0, &buffer, buffer.count)
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    private static func write(_ text: String) {
        _ = POSIXFile.writeAll(1, Array(text.utf8))
    }
}
