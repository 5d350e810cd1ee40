/// A set of half-open time spans [start, end) in milliseconds, kept sorted and merged: what
/// part of a series the store knows complete.
package struct Intervals: Sendable, Equatable {
    package private(set) var spans: [(start: Int64, end: Int64)]

    package init(_ spans: [(start: Int64, end: Int64)] = []) {
        self.spans = []
        for span in spans { insert(span.start, span.end) }
    }

    /// Adds [start, end), merging it with the spans it touches or overlaps.
    package mutating func insert(_ start: Int64, _ end: Int64) {
        guard start < end else { return }
        var merged = (start: start, end: end)
        var kept: [(start: Int64, end: Int64)] = []
        kept.reserveCapacity(spans.count + 1)
        for span in spans {
            if span.end < merged.start || span.start > merged.end {
                kept.append(span)
            } else {
                merged = (min(span.start, merged.start), max(span.end, merged.end))
            }
        }
        kept.append(merged)
        spans = kept.sorted { $0.start < $1.start }
    }

    /// The parts of [start, end) no span covers, in order.
    package func missing(_ start: Int64, _ end: Int64) -> [(start: Int64, end: Int64)] {
        var out: [(start: Int64, end: Int64)] = []
        var cursor = start
        for span in spans where span.end > cursor && span.start < end {
            if span.start > cursor { out.append((cursor, span.start)) }
            cursor = max(cursor, span.end)
        }
        if cursor < end { out.append((cursor, end)) }
        return out
    }

    /// Removes everything before `time`.
    package mutating func trim(before time: Int64) {
        spans = spans.compactMap { span in
            span.end <= time ? nil : (max(span.start, time), span.end)
        }
    }

    package static func == (a: Intervals, b: Intervals) -> Bool {
        a.spans.count == b.spans.count && zip(a.spans, b.spans).allSatisfy { $0.start == $1.start && $0.end == $1.end }
    }
}
