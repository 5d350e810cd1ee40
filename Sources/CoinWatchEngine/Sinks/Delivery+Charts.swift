import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
extension Delivery {
    /// The range of the chart a message of `alerts` to a sink of `config` carries (SPEC §12): the
    /// rule's `chart`, else the sink's; nil for several coins or a format without images.
    func chartRange(_ config: SinkConfig, alerts: [Alert]) -> ChartRange? {
        guard let first = alerts.first, alerts.allSatisfy({ $0.coin == first.coin && $0.vs == first.vs }),
              config.carriesChart else { return nil }
        switch rules.rules.first(where: { $0.id == first.rule })?.chart {
        case .none?: return nil
        case .range(let range)?: return range
        case nil: return config.chart
        }
    }

    /// The prices the chart of a message of `alerts` draws as lines, once each, in order.
    func chartLevels(_ alerts: [Alert]) -> [Double] {
        alerts.flatMap { alert in
            rules.rules.first { $0.id == alert.rule }?.condition.chartLevels(alert) ?? []
        }.uniqued()
    }
}
