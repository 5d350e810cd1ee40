/// The reason text shared by the `change_24h_*` kinds.
enum Change24h {
    /// The reason when the provider gave no 24h change (the condition does not hold).
    static let missing = "the provider reports no 24h change"

    /// `24h change 5.2% vs 5%`, or `missing`.
    static func describe(_ o: Observation, against value: Double) -> String {
        guard let change = o.change24h else { return missing }
        return "24h change \(NumberText.plain(change))% vs \(NumberText.plain(value))%"
    }
}
