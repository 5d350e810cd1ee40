import Foundation

/// Compresses bytes with the system's `gzip`, for servers that answer with `Content-Encoding: gzip`.
func gzipped(_ bytes: [UInt8]) throws -> [UInt8] {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
    try Data(bytes).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-c", "-n", input.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Array(data)
}
