import CoinWatchSupport
/// What the live `watch` view shows besides the table: the sort key, the filter, the filter being
/// typed after `/`. Keys change it (`press`); `frame` turns it and a table into the screen's lines.
/// Pure: the terminal, the clock and the fetches stay in `WatchCommand.liveView`.
struct WatchLiveState {
    /// What a batch of keys asks of the loop.
    enum Action: Equatable { case quit, refresh, redraw }

    static let keysHelp = "q quit  s sort  / filter  r refresh"

    var sort: WatchTable.SortKey
    var filter = ""
    /// The filter being typed after `/` (already applied to the rows), nil when not typing.
    var typing: String?

    /// Applies `keys`: `q` (or Ctrl-C) quit, `s` next sort key, `r` refresh now, `/` start a filter
    /// (Enter keeps it, Escape drops it, Backspace deletes), Escape outside a filter clears it.
    mutating func press(_ keys: [UInt8]) -> Action {
        var action = Action.redraw
        for key in keys {
            if var text = typing {
                switch key {
                case 13, 10: filter = text; typing = nil
                case 27: typing = nil
                case 127, 8: if !text.isEmpty { text.removeLast() }; typing = text
                case 32...126: if text.count < 40 { text.append(Character(Unicode.Scalar(key))) }; typing = text
                default: break
                }
                continue
            }
            switch key {
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3: return .quit
            case UInt8(ascii: "r"), UInt8(ascii: "R"): action = .refresh
            case UInt8(ascii: "s"), UInt8(ascii: "S"):
                let all = WatchTable.SortKey.allCases
                sort = all[((all.firstIndex(of: sort) ?? 0) + 1) % all.count]
            case UInt8(ascii: "/"): typing = ""
            case 27: filter = ""
            default: break
            }
        }
        return action
    }

    /// The whole screen, at most `rows` lines of at most `width` columns: a title line, the table,
    /// a blank line, the last fetch error if any, and the keys (or the filter being typed). When
    /// the rows do not fit, the table is cut and the footer says how many rows are hidden.
    func frame(_ table: WatchTable, width: Int, rows: Int, color: ColorPolicy, error: String?) -> [String] {
        let applied = typing ?? filter
        let title = "coinwatch watch — \(TimeText.clock(table.time, local: true)) — sort: \(sort.rawValue)"
            + (applied.isEmpty ? "" : " — filter: \(applied)")
        let shown = table.ordered(by: sort, filter: applied)
        let body = [TextCell.fit(title, width)] + table.lines(shown, width: width, color: color)
        var footer = error.map { [TextCell.fit($0, width)] } ?? []
        let keys = typing.map { "filter: \($0)_  (Enter keep, Esc drop)" } ?? Self.keysHelp
        let room = rows - footer.count - 1
        if body.count + 1 + footer.count + 1 <= rows {
            return body + [""] + footer + [TextCell.fit(keys, width)]
        }
        if room < 1 {
            footer.append(TextCell.fit(keys, width))
            return Array(footer.suffix(max(1, rows)))
        }
        // The title and header are the first two body lines; every other hidden one is a row.
        let hidden = body.count - room
        let more = hidden > 0 ? "+\(hidden) more  " : ""
        return Array(body.prefix(room)) + footer + [TextCell.fit(more + keys, width)]
    }
}
