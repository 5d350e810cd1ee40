import CoinWatchSupport
/// The default text of an alert, and the values its `message` template can use. The words for
/// what happened are each condition kind's own (`ConditionKind.writeFiring`/`writeResolved`).
package enum AlertMessage {
    /// What the template placeholders stand for in this alert of `condition` (SPEC §2 `message`);
    /// prices and percentages are formatted as in the default message, absent values are empty.
    package static func values(for alert: Alert, condition: Condition) -> [String: String] {
        values(for: alert, threshold: condition.kind.threshold?.text(vs: alert.vs) ?? "",
               value: alert.value.map { condition.kind.figureText($0, vs: alert.vs) } ?? "")
    }

    /// The placeholders of `alert` where only the record is at hand (a `command` sink's argv): the
    /// threshold and value take the unit of the record's condition kind.
    package static func values(for alert: Alert) -> [String: String] {
        let unit = ConditionRegistry.kind(alert.condition)?.unit ?? .money
        let text = { (figure: Double?, measured: Bool) in figure.map { unit.text($0, vs: alert.vs, measured: measured) } ?? "" }
        return values(for: alert, threshold: text(alert.threshold, false), value: text(alert.value, true))
    }

    private static func values(for alert: Alert, threshold: String, value: String) -> [String: String] {
        [
            "symbol": alert.symbol,
            "name": alert.name,
            "coin": alert.coin,
            "price": NumberText.money(alert.price, vs: alert.vs),
            "previous": alert.previous.map { NumberText.money($0, vs: alert.vs) } ?? "",
            "threshold": threshold,
            "change_24h": alert.change24h.map(NumberText.percent) ?? "",
            "condition": alert.condition,
            "rule": alert.rule,
            "vs": alert.vs.uppercased(),
            "status": alert.status.rawValue,
            "time": TimeText.iso(alert.time),
            "value": value,
        ]
    }

    /// The default one-line message: what happened (and a wick's extreme), then the price now and the 24h
    /// change unless the words gave them: `BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)`.
    package static func defaultText(for alert: Alert, condition: Condition) -> String {
        // Written into one buffer and made a string once (every firing alert formats one).
        let portfolio = alert.coin == RuleCoin.portfolio
        var out = MessageText(vs: alert.vs, symbol: portfolio ? "Portfolio" : alert.symbol, change24h: alert.change24h,
                              value: alert.value, portfolio: portfolio)
        // The holdings' total is its price: said as what it is worth.
        let lead = { (kindLead: String) in portfolio ? " — worth " : kindLead }
        if alert.status == .resolved {
            condition.kind.writeResolved(into: &out)
            out.text(lead(" — now "), money: alert.price)
        } else {
            // A wick's direction is the move to its extreme, not to the price it reverted to.
            let wick = alert.wick == true ? alert.extreme : nil
            condition.kind.writeFiring(previous: alert.previous, price: wick ?? alert.price, into: &out)
            if let wick { out.text(" in a wick to ", money: wick) }
            if let value = alert.value { condition.kind.writeFigure(value, into: &out) }
            if !out.saidPrice { out.text(lead(alert.value == nil ? " — now " : condition.kind.priceLead), money: alert.price) }
        }
        if let change = alert.change24h, !out.saidChange24h { out.text(" (", percent: change, then: " 24h)") }
        return out.string
    }
}
