import CoinWatchSupport
import CoinWatchRules
/// The alert record itself (SPEC §4), or an array of records for `group` or several; never split.
extension JSONFormat: DeliveryFormat {
    static let limit: TextLimit? = nil

    static func message(_ lines: [WebhookPayload.Line], alerts: [Alert], config: WebhookConfig) -> WebhookPayload.Message {
        let records = alerts.map(AlertRecord.json)
        let body = config.group || records.count != 1 ? JSONOut.array(records) : records.joined()
        return WebhookPayload.Message(body: body)
    }
}
