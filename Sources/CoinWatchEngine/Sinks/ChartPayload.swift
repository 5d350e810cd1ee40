/// What every format's chart image shares (SPEC §12); how each format carries it is its
/// `DeliveryFormat.chartParts`. The image always rides on the first request, with the first
/// part's text where the format allows.
enum ChartPayload {
    /// The image's file name in every format.
    static let filename = "chart.png"
}
