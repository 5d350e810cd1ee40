extension String {
    /// Pads with spaces to `width` characters (at least two spaces follow a longer text).
    package func padding(to width: Int) -> String {
        count >= width - 1 ? self + "  " : self + String(repeating: " ", count: width - count)
    }
}
