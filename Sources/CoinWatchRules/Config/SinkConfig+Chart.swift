import CoinWatchMarket
extension SinkConfig {
    /// Whether a message to this sink can carry a chart image (SPEC §12).
    package var carriesChart: Bool {
        switch self {
        case .webhook(let webhook): webhook.format.carriesChart
        case .email: true
        case .stdout, .file, .command, .unavailable: false
        }
    }

    /// The sink's own `chart` range (nil: none).
    package var chart: ChartRange? {
        switch self {
        case .webhook(let webhook): webhook.chart
        case .email(let email): email.chart
        case .stdout, .file, .command, .unavailable: nil
        }
    }
}
