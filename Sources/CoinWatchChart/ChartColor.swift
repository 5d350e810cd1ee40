/// A color with alpha, each component 0–1.
package struct ChartColor: Sendable, Equatable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    /// The color of a 0xRRGGBB value at `alpha`.
    package init(_ rgb: UInt32, alpha: Double = 1) {
        red = Double((rgb >> 16) & 0xFF) / 255
        green = Double((rgb >> 8) & 0xFF) / 255
        blue = Double(rgb & 0xFF) / 255
        self.alpha = alpha
    }

    /// This color at another alpha.
    package func alpha(_ value: Double) -> ChartColor {
        var copy = self
        copy.alpha = value
        return copy
    }

    static let background = ChartColor(0xFFFFFF)
    static let ink = ChartColor(0x1F2328)
    static let muted = ChartColor(0x57606A)
    static let grid = ChartColor(0xD8DEE4)
    static let rise = ChartColor(0x1A7F37)
    static let fall = ChartColor(0xCF222E)
    static let threshold = ChartColor(0xBC4C00)
    static let marker = ChartColor(0x0969DA)
}
