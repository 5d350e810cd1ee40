/// A failure of `show`, as its one line.
struct CardError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
