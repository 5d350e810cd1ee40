/// `premium_above`: the rule's price is at least `pct` % above the same coin on another provider (the kimchi premium).
struct PremiumAboveCondition: PremiumKind {
    static let key = "premium_above"
    static let summary = "premium of the rule's price over the same coin on `against` in `against_vs`, converted at the price of `against_vs` on the rule's provider, ≥ pct %"
    static let sample = #"{"premium_above": "# + Premium.example(pct: 3) + "}"
    static let examples = [
        ConditionExample(when: #"{"premium_above": "# + Premium.example(pct: 3) + "}", price: 104, premiumBase: 100, holds: true),
        ConditionExample(when: #"{"premium_above": "# + Premium.example(pct: 3) + "}", price: 102, premiumBase: 100, holds: false),
        ConditionExample(when: #"{"premium_above": "# + Premium.example(pct: 3) + "}", price: 104, holds: false),
    ]

    static let above = true

    /// The line and the other leg.
    var premium: Premium
}
