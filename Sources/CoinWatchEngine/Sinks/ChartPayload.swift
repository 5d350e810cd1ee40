/// What every format's chart image shares (SPEC §12); each format carries it in `DeliveryFormat.chartParts`.
enum ChartPayload {
    /// The image's file name in every format.
    static let filename = "chart.png"
}
