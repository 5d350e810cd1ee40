extension StateDocument {
    /// How long an unused chart stays in the state: one day (seconds).
    public static let chartRetention: Double = 86_400

    /// Copies onto this document the response cache, rate-limit backoff, resolutions (and favorites
    /// found in no coin list) and charts that `working` changed since `base` (entries it added,
    /// replaced or removed); everything else, such as the pairs a pass wrote meanwhile, stays as it is. Charts older than `chartRetention` at
    /// `now` are dropped.
    public mutating func mergeCaches(from working: StateDocument, base: StateDocument, now: Double) {
        Self.apply(working.quoteCache, base.quoteCache, to: &quoteCache)
        Self.apply(working.backoff, base.backoff, to: &backoff)
        Self.apply(working.unresolved, base.unresolved, to: &unresolved)
        Self.apply(working.charts, base.charts, to: &charts)
        for provider in Set(working.resolved.keys).union(base.resolved.keys) {
            var merged = resolved[provider] ?? [:]
            Self.apply(working.resolved[provider] ?? [:], base.resolved[provider] ?? [:], to: &merged)
            resolved[provider] = merged.isEmpty ? nil : merged
        }
        charts = charts.filter { now - $0.value.fetchedAt < Self.chartRetention }
    }

    private static func apply<Value: Equatable>(_ working: [String: Value], _ base: [String: Value],
                                                to target: inout [String: Value]) {
        for key in Set(working.keys).union(base.keys) where working[key] != base[key] {
            target[key] = working[key]
        }
    }
}
