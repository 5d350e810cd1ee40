extension Delivery {
    /// The range of the chart a message of `alerts` to a sink of `config` carries (SPEC §12): the
    /// rule's `chart` (of the message's first alert) when it gives one, else the sink's; nil when
    /// that is none, the alerts are not all about one coin, or the sink's format carries no image.
    func chartRange(_ config: SinkConfig, alerts: [Alert]) -> ChartRange? {
        guard let first = alerts.first, alerts.allSatisfy({ $0.coin == first.coin && $0.vs == first.vs }),
              config.carriesChart else { return nil }
        switch rules.rules.first(where: { $0.id == first.rule })?.chart {
        case .none?: return nil
        case .range(let range)?: return range
        case nil: return config.chart
        }
    }
}

extension SinkConfig {
    /// Whether a message to this sink can carry a chart image (SPEC §12).
    var carriesChart: Bool {
        switch self {
        case .webhook(let webhook): webhook.format.carriesChart
        case .email: true
        case .stdout, .file, .command, .unavailable: false
        }
    }

    /// The sink's own `chart` range (nil: none).
    var chart: ChartRange? {
        switch self {
        case .webhook(let webhook): webhook.chart
        case .email(let email): email.chart
        case .stdout, .file, .command, .unavailable: nil
        }
    }
}

extension WebhookConfig.Format {
    /// Whether this format carries a chart image: Telegram, Discord, ntfy, Matrix and Pushover do;
    /// Slack incoming webhooks, Teams, Gotify and `json` do not (SPEC §12).
    public var carriesChart: Bool {
        switch self {
        case .telegram, .discord, .ntfy, .matrix, .pushover: true
        case .slack, .teams, .gotify, .json: false
        }
    }
}
