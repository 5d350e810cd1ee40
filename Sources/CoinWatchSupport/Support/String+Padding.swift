extension String {
    /// Pads with spaces to `width` columns (`TextCell.width`; at least two spaces follow a longer text).
    package func padding(to width: Int) -> String {
        TextCell.pad(self, width - 2) + "  "
    }
}
