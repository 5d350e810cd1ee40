import CoinWatchMarket
import CoinWatchRules
extension RuleRunner {
    /// The quote the plan makes for `slot` in the pass from the others (`RulePlan.madeSlots`): a ratio
    /// coin's (from both of its coins' quotes) or the portfolio's (when every held coin was quoted);
    /// nil when one is missing. A pass makes it for an alert only; it observes `madeFigures`.
    func madeQuote(_ slot: Int, from quotes: [String: Quote]) -> Quote? {
        switch plan.derivations[slot] {
        case .ratio(let base, let quote)?:
            guard let a = quotes.index(forKey: base), let b = quotes.index(forKey: quote) else { return nil }
            return Self.ratio(quotes.values[a], quotes.values[b])
        case .portfolio?:
            return portfolioQuote(quotes)
        default:
            return nil
        }
    }

    /// The price and 24h change of `madeQuote(slot, from: quotes)` (all that a ratio's or the
    /// portfolio's observation reads), made for a ratio without building its names.
    func madeFigures(_ slot: Int, from quotes: [String: Quote]) -> (price: Double, change24h: Double?)? {
        guard case .ratio(let base, let quote)? = plan.derivations[slot] else {
            return madeQuote(slot, from: quotes).map { ($0.price, $0.change24h) }
        }
        guard let a = quotes.index(forKey: base), let b = quotes.index(forKey: quote) else { return nil }
        return Self.ratioFigures(quotes.values[a], quotes.values[b])
    }

    /// The held coins without a quote this pass, when some rule values the portfolio and one is missing; else nil.
    package func unvaluedHoldings(_ quotes: [String: Quote]) -> [String]? {
        guard let held = plan.portfolio else { return nil }
        let missing = held.filter { quotes[$0.coin] == nil }.map(\.coin)
        return missing.isEmpty ? nil : missing
    }

    /// `a` priced in `b`: the price ratio, and the 24h change both imply
    /// ((1 + a%) ÷ (1 + b%) − 1, in percent) where both report one. Its currency is `b`'s symbol.
    static func ratio(_ a: Quote, _ b: Quote) -> Quote {
        let figures = ratioFigures(a, b)
        return Quote(providerID: a.providerID + "/" + b.providerID, symbol: a.symbol + "/" + b.symbol, name: a.name + "/" + b.name,
                     vs: b.symbol.lowercased(), price: figures.price, change24h: figures.change24h,
                     provider: a.provider == b.provider ? a.provider : a.provider + "+" + b.provider)
    }

    /// The price and 24h change of `ratio(a, b)`.
    @inline(__always)
    static func ratioFigures(_ a: borrowing Quote, _ b: borrowing Quote) -> (price: Double, change24h: Double?) {
        var change: Double?
        if let ca = a.change24h, let cb = b.change24h, cb > -100 {
            change = ((1 + ca / 100) / (1 + cb / 100) - 1) * 100
        }
        return (a.price / b.price, change)
    }

    /// The holdings' total as a quote (price: the total value in vs_currency; 24h change: the total's,
    /// where every held coin reports one); nil unless every held coin was quoted this pass.
    func portfolioQuote(_ quotes: [String: Quote]) -> Quote? {
        guard let held = plan.portfolio else { return nil }
        var value = 0.0
        var before: Double? = 0
        var providers: [String] = []
        for (coin, position) in held {
            guard let quote = quotes[coin] else { return nil }
            let worth = position.amount * quote.price
            value += worth
            if let change = quote.change24h, change > -100, let sum = before { before = sum + worth / (1 + change / 100) } else { before = nil }
            if !providers.contains(quote.provider) { providers.append(quote.provider) }
        }
        guard value > 0, value.isFinite else { return nil }
        let change = before.flatMap { $0 > 0 ? (value / $0 - 1) * 100 : nil }
        return Quote(providerID: RuleCoin.portfolio, symbol: "PORTFOLIO", name: "Portfolio", vs: rules.vsCurrency,
                     price: value, change24h: change, provider: providers.joined(separator: "+"))
    }

    /// The derived figures of a slot: its holding, or a premium's base (the other leg converted into
    /// the slot's currency) or why there is none.
    static func derived(_ derivation: RulePlan.Derivation, quotes: [String: Quote], plan: RulePlan) -> Observation.Derived? {
        switch derivation {
        case .holding(let position):
            return Observation.Derived(holding: position)
        case .portfolio:
            let cost = plan.portfolio?.reduce(0) { $0 + $1.position.cost } ?? 0
            return Observation.Derived(holding: Position(amount: 1, cost: cost))
        case .ratio:
            return nil
        case .premium(let sources):
            var derived = Observation.Derived()
            for source in sources {
                let leg = source.leg
                guard let other = quotes[source.against] else {
                    derived.premiumGaps[leg] = "no quote of the coin on \(leg.against.rawValue) in \(leg.againstVs) this pass"
                    continue
                }
                guard let conversion = source.conversion else {
                    derived.premiumBases[leg] = other.price
                    continue
                }
                guard let rate = quotes[conversion] else {
                    derived.premiumGaps[leg] = "no price of \(leg.againstVs.uppercased()) in the rule's currency on its provider this pass"
                    continue
                }
                derived.premiumBases[leg] = other.price * rate.price
            }
            return derived
        }
    }
}
