/// "Did you mean" for unknown keys, flags and commands.
package enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when it is near enough to be a typo.
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lowered, Array(candidate.lowercased()))
            if d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        let limit = max(2, min(lowered.count, candidate.count) / 3)
        return d <= limit ? candidate : nil
    }

    /// " Did you mean 'x'?" or "".
    package static func phrase(for word: String, in candidates: [String]) -> String {
        nearest(to: word, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
