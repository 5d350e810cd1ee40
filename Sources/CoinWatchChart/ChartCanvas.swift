/// A canvas kept from one chart to the next (a pass's images, drawn one after another): each chart
/// then draws on the same 3.7 MB surface and writes its rows into the same 2.7 MB, where fresh memory
/// from the system for every chart cost about 3 ms of a 10 ms chart (BENCHMARKS.md, "The charted
/// pass"). Holds one chart at a time; the memory stays until the canvas goes.
package final class ChartCanvas {
    /// The surface, made by the first chart.
    var kept: CairoCanvas?

    package init() {}
}
