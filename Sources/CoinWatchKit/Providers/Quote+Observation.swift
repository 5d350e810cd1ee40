extension Quote {
    /// Whether the quote is an observation (SPEC §2): its price is a finite number above 0 and its 24h
    /// volume and market cap, where given, finite numbers ≥ 0. Anything else (`-5`, `-0`, `0`, NaN,
    /// infinity from a provider) leaves the coin unquoted by that provider in that pass.
    public var isObservation: Bool {
        price.isFinite && price > 0
            && volume24h.map { $0.isFinite && $0 >= 0 } ?? true
            && marketCap.map { $0.isFinite && $0 >= 0 } ?? true
    }

    /// Whether every other figure, where given, is a finite number (the common case: nothing to clean).
    public var figuresAreFinite: Bool {
        for value in [change24h, high24h, low24h, high52w, low52w, ath, atl] {
            if let value, !value.isFinite { return false }
        }
        return true
    }

    /// The quote with every other figure that is not a finite number (NaN or infinity read from text) left out.
    public var withFiniteFigures: Quote {
        var quote = self
        let finite = { (value: Double?) in value.flatMap { $0.isFinite ? $0 : nil } }
        quote.change24h = finite(change24h)
        quote.high24h = finite(high24h)
        quote.low24h = finite(low24h)
        quote.high52w = finite(high52w)
        quote.low52w = finite(low52w)
        quote.ath = finite(ath)
        quote.atl = finite(atl)
        return quote
    }
}
