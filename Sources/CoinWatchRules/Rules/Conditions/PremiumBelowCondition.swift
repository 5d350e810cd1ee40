/// `premium_below`: the rule's premium over the same coin on another provider is at most `pct` %.
struct PremiumBelowCondition: PremiumKind {
    static let key = "premium_below"
    static let summary = "premium of the rule's price over the same coin on `against` in `against_vs`, converted at the price of `against_vs` on the rule's provider, ≤ pct % (may be negative)"
    static let sample = #"{"premium_below": "# + Premium.example(pct: 0) + "}"
    static let examples = [
        ConditionExample(when: #"{"premium_below": "# + Premium.example(pct: -1) + "}", price: 98, premiumBase: 100, holds: true),
        ConditionExample(when: #"{"premium_below": "# + Premium.example(pct: -1) + "}", price: 99.5, premiumBase: 100, holds: false),
        ConditionExample(when: #"{"premium_below": "# + Premium.example(pct: -1) + "}", price: 98, holds: false),
    ]

    static let above = false

    /// The line and the other leg.
    var premium: Premium
}
