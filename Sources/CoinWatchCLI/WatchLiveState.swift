import CoinWatchMarket
import CoinWatchSupport
/// What the live `watch` view shows besides the table (sort, filter, selection, search, chart page);
/// pure: keys change it (`press`), `frame` draws it, and I/O stays in `WatchCommand.liveView`.
struct WatchLiveState {
    /// What a batch of keys asks of the loop.
    enum Action: Equatable {
        case quit, refresh, redraw
        /// Draw the selected row's chart (Enter).
        case openChart
        /// The search text changed: search again once typing pauses.
        case search
        /// Add this coin id to the favorites (`favorites add`).
        case add(String)
    }

    /// The coin search of `a`: the text typed, the hits found for it, the hit chosen.
    struct AddSearch: Equatable {
        var query = ""
        var hits: [CatalogCoin] = []
        /// The text `hits` answer, nil before the first search.
        var searched: String?
        var chosen = 0
    }

    /// The chart page opened over the table with Enter (`q` or Escape goes back).
    struct ChartPage {
        /// `Bitcoin (BTC)  $150.00`.
        var title: String
        var points: [(time: Int64, price: Double)]
        var range: ChartRange
        var vs: String
    }

    static let keysHelp = "q quit  s sort  / filter  r refresh  ↑↓ select  Enter chart  a add"

    var sort: WatchTable.SortKey
    var filter = ""
    /// The filter being typed after `/` (already applied to the rows), nil when not typing.
    var typing: String?
    /// The row under the cursor: an index into the rows shown.
    var selected = 0
    var adding: AddSearch?
    var chart: ChartPage?
    /// One line for the footer: what `a` added, why a chart could not be drawn.
    var notice: String?

    /// One key press: a byte, or an arrow read from its escape sequence.
    private enum Key: Equatable { case byte(UInt8), up, down }

    /// Applies the keys in `bytes` (`keysHelp`; in a filter or a search Enter keeps, Escape drops).
    mutating func press(_ bytes: [UInt8]) -> Action {
        var action = Action.redraw
        for key in Self.keys(bytes) {
            if key == .byte(3) { return .quit }
            if chart != nil {
                if key == .byte(UInt8(ascii: "q")) || key == .byte(UInt8(ascii: "Q")) || key == .byte(27) || key == .byte(127) { chart = nil }
                continue
            }
            if var search = adding {
                switch key {
                case .up: search.chosen = max(0, search.chosen - 1)
                case .down: search.chosen = min(max(0, search.hits.count - 1), search.chosen + 1)
                case .byte(13), .byte(10):
                    if search.searched == search.query, search.hits.indices.contains(search.chosen) {
                        adding = nil
                        return .add(search.hits[search.chosen].id)
                    }
                case .byte(27): adding = nil; continue
                case .byte(127), .byte(8):
                    if !search.query.isEmpty { search.query.removeLast(); action = .search }
                case .byte(let byte) where (32...126).contains(byte):
                    if search.query.count < 40 { search.query.append(Character(Unicode.Scalar(byte))); action = .search }
                default: break
                }
                adding = search
                continue
            }
            if var text = typing {
                switch key {
                case .byte(13), .byte(10): filter = text; typing = nil
                case .byte(27): typing = nil
                case .byte(127), .byte(8): if !text.isEmpty { text.removeLast() }; typing = text
                case .byte(let byte) where (32...126).contains(byte):
                    if text.count < 40 { text.append(Character(Unicode.Scalar(byte))) }; typing = text
                default: break
                }
                selected = 0
                continue
            }
            switch key {
            case .byte(UInt8(ascii: "q")), .byte(UInt8(ascii: "Q")): return .quit
            case .byte(UInt8(ascii: "r")), .byte(UInt8(ascii: "R")): action = .refresh
            case .byte(UInt8(ascii: "s")), .byte(UInt8(ascii: "S")):
                let all = WatchTable.SortKey.allCases
                sort = all[((all.firstIndex(of: sort) ?? 0) + 1) % all.count]
            case .byte(UInt8(ascii: "/")): typing = ""; selected = 0
            case .byte(27): filter = ""; notice = nil
            case .up, .byte(UInt8(ascii: "k")): selected = max(0, selected - 1)
            case .down, .byte(UInt8(ascii: "j")): selected += 1
            case .byte(13), .byte(10): return .openChart
            case .byte(UInt8(ascii: "a")), .byte(UInt8(ascii: "A")): adding = AddSearch(); notice = nil
            default: break
            }
        }
        return action
    }

    /// The bytes read as keys: `ESC [ A` / `ESC O A` (and `B`) are the arrows, anything else a byte each.
    private static func keys(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 27, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") {
                switch bytes[index + 2] {
                case UInt8(ascii: "A"): keys.append(.up); index += 3; continue
                case UInt8(ascii: "B"): keys.append(.down); index += 3; continue
                default: index += 3; continue  // another key's sequence (←, →, Home…): ignored
                }
            }
            keys.append(.byte(bytes[index]))
            index += 1
        }
        return keys
    }

    /// Keeps the selection on a row shown (after a key, a refresh or a filter changed the rows).
    mutating func clamp(to table: WatchTable) {
        selected = max(0, min(selected, table.ordered(by: sort, filter: typing ?? filter).count - 1))
    }

    /// The row Enter opens: the selected one among the rows shown, nil when none is shown.
    func selectedRow(_ table: WatchTable) -> WatchTable.Row? {
        let shown = table.ordered(by: sort, filter: typing ?? filter)
        return shown.isEmpty ? nil : shown[min(selected, shown.count - 1)]
    }

    /// The whole screen, at most `rows` lines of at most `width` columns; a table that does not fit
    /// is cut and the footer says how many rows are hidden.
    func frame(_ table: WatchTable, width: Int, rows: Int, color: ColorPolicy, error: String?) -> [String] {
        if let chart { return chartFrame(chart, width: width, rows: rows, color: color) }
        if let adding { return searchFrame(adding, width: width, rows: rows, error: error) }
        let applied = typing ?? filter
        let title = "coinwatch watch — \(TimeText.clock(table.time, local: true)) — sort: \(sort.rawValue)"
            + (applied.isEmpty ? "" : " — filter: \(applied)")
        let shown = table.ordered(by: sort, filter: applied)
        var body = [TextCell.fit(title, width)] + table.lines(shown, width: width, color: color)
        if !shown.isEmpty {
            let at = 2 + min(selected, shown.count - 1)
            body[at] = "\u{1B}[7m" + body[at].replacing("\u{1B}[0m", with: "\u{1B}[0m\u{1B}[7m") + "\u{1B}[27m"
        }
        var footer = (error ?? notice).map { [TextCell.fit($0, width)] } ?? []
        let keys = typing.map { "filter: \($0)_  (Enter keep, Esc drop)" } ?? Self.keysHelp
        let room = rows - footer.count - 1
        if body.count + 1 + footer.count + 1 <= rows { return body + [""] + footer + [TextCell.fit(keys, width)] }
        if room < 1 {
            footer.append(TextCell.fit(keys, width))
            return Array(footer.suffix(max(1, rows)))
        }
        // The title and header are the first two body lines; every other hidden one is a row.
        let hidden = body.count - room
        let more = hidden > 0 ? "+\(hidden) more  " : ""
        return Array(body.prefix(room)) + footer + [TextCell.fit(more + keys, width)]
    }

    /// The chart page: a title, `show --range`'s chart as tall as the screen allows, the keys.
    private func chartFrame(_ chart: ChartPage, width: Int, rows: Int, color: ColorPolicy) -> [String] {
        // Title, heading, time labels and the key line take four rows; the plot gets the rest.
        let text = ShowChart.text(chart.points, range: chart.range, vs: chart.vs, width: width, color: color,
                                  height: max(2, rows - 4))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        return Array(([TextCell.fit(chart.title, width)] + lines).prefix(max(0, rows - 1))) + [TextCell.fit("q back", width)]
    }

    /// The coin search: what is typed, the hits (the chosen one in reverse video), the keys.
    private func searchFrame(_ search: AddSearch, width: Int, rows: Int, error: String?) -> [String] {
        var lines = [TextCell.fit("coinwatch watch — add a favorite: \(search.query)_", width), ""]
        if search.searched == nil || search.searched != search.query {
            lines.append(search.query.isEmpty ? "Type a name, symbol or id." : "searching…")
        } else if search.hits.isEmpty {
            lines.append(TextCell.fit("No coin matches '\(search.query)'.", width))
        }
        if search.searched == search.query {
            for (index, hit) in search.hits.enumerated() {
                let text = TextCell.left("\(hit.symbol)  \(hit.name)  (\(hit.id))" + (hit.rank.map { "  #\($0)" } ?? ""), width)
                lines.append(index == search.chosen ? "\u{1B}[7m" + text + "\u{1B}[27m" : text)
            }
        }
        let footer = (error.map { [TextCell.fit($0, width)] } ?? []) + [TextCell.fit("Enter add  ↑↓ choose  Esc cancel", width)]
        return Array(lines.prefix(max(0, rows - footer.count))) + footer
    }
}
