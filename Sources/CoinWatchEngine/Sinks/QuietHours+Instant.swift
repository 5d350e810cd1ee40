import CoinWatchSupport
import CoinWatchRules
extension QuietHours {
    /// Whether the instant `seconds` (since 1970) falls inside the window in local time (`TZ` honoured).
    package func contains(instant seconds: Double) -> Bool {
        contains(minute: TimeText.localMinuteOfDay(seconds))
    }
}
