extension QuietHours {
    /// Whether the instant `seconds` (since 1970) falls inside the window in local time (`TZ` honoured).
    public func contains(instant seconds: Double) -> Bool {
        contains(minute: TimeText.localMinuteOfDay(seconds))
    }
}
