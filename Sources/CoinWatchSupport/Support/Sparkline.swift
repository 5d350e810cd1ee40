/// A price series drawn with the eight Unicode blocks ▁▂▃▄▅▆▇█.
package enum Sparkline {
    /// The blocks, lowest first.
    package static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// `values` in at most `width` characters, each the mean of its share scaled between the series'
    /// minimum (▁) and maximum (█); a flat series is all ▄, no values an empty string.
    package static func draw(_ values: [Double], width: Int) -> String {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max(), width > 0 else { return "" }
        let columns = min(width, finite.count)
        var out = ""
        for column in 0..<columns {
            let start = column * finite.count / columns
            let end = max(start + 1, (column + 1) * finite.count / columns)
            let slice = finite[start..<end]
            let mean = slice.reduce(0, +) / Double(slice.count)
            guard high > low else {
                out.append(blocks[3])
                continue
            }
            let level = Int(((mean - low) / (high - low) * Double(blocks.count - 1)).rounded())
            out.append(blocks[min(max(level, 0), blocks.count - 1)])
        }
        return out
    }
}
