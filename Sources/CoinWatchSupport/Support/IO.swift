import Glibc

/// Where a command writes, what environment it sees, and whether stdout is a terminal.
package struct IO: Sendable {
    /// Writes to standard output (text as given; callers add newlines).
    package var out: @Sendable (String) -> Void
    /// Writes bytes to standard output as they are (`show --png -`).
    package var outBytes: @Sendable ([UInt8]) -> Void
    /// Writes to standard error.
    package var err: @Sendable (String) -> Void
    /// The process environment.
    package var environment: [String: String]
    /// Whether standard output is a terminal (color decisions).
    package var stdoutIsTTY: Bool

    /// `outBytes` defaults to writing the bytes through `out` as UTF-8 text (for IOs that only collect text).
    package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                environment: [String: String], stdoutIsTTY: Bool, outBytes: (@Sendable ([UInt8]) -> Void)? = nil) {
        self.out = out
        self.outBytes = outBytes ?? { out(String(decoding: $0, as: UTF8.self)) }
        self.err = err
        self.environment = environment
        self.stdoutIsTTY = stdoutIsTTY
    }

    /// The real process streams and environment.
    package static var standard: IO {
        IO(out: { write(fd: 1, $0) }, err: { write(fd: 2, $0) },
           environment: currentEnvironment(), stdoutIsTTY: isatty(1) == 1,
           outBytes: { _ = POSIXFile.writeAll(1, $0) })
    }

    private static func write(fd: Int32, _ text: String) {
        _ = POSIXFile.writeAll(fd, Array(text.utf8))  // a closed stream loses the text, as `print` would
    }

    private static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let eq = pair.firstIndex(of: "=") {
                result[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }
}
