extension Delivery {
    /// The outbox as it will stand before the first webhook try of `pending` at `now`: the waiting
    /// messages plus `pending`'s webhook alerts, planned as `deliver` plans them. A caller that
    /// writes state before delivering (`stream`) saves this outbox with it, so a kill between that
    /// write and the first try loses no webhook alert: the next run sends it (same key).
    func outboxBeforeSending(_ pending: [RuleRunner.Pending], state: StateDocument, now: Double) -> [OutboxEntry] {
        var fresh: [String: [Alert]] = [:]
        for item in pending {
            for sink in item.sinks {
                if case .webhook? = rules.sinks[sink] { fresh[sink, default: []].append(item.alert) }
            }
        }
        guard !fresh.isEmpty else { return state.outbox }
        let plan = OutboxPlan.make(outbox: state.outbox, fresh: fresh, sinks: rules.sinks, now: now, lifetime: Self.outboxLifetime)
        return OutboxPlan.oldestFirst(plan.waiting + plan.dropped.map(\.entry) + plan.lanes.flatMap(\.entries))
    }
}
