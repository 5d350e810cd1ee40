/// A canvas a pass's charts reuse one after another (one 3.7 MB surface, 2.7 MB of rows, held until it goes):
/// fresh memory per chart cost about 3 ms of a 10 ms chart (BENCHMARKS.md, "The charted pass").
package final class ChartCanvas {
    /// The surface, made by the first chart.
    var kept: CairoCanvas?

    package init() {}
}
