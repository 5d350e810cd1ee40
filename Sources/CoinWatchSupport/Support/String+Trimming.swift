extension String {
    /// The text without spaces, tabs and newlines at either end.
    package var trimmingSpaces: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
