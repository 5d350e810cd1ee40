import CoinWatchSupport
import Glibc

/// A file sink's JSON Lines read back in blocks (`coinwatch log`), forward or backward from the end,
/// so a large log costs what is shown; lines that are not alert records count in `skipped`.
package final class AlertLogFile {
    /// Bytes read per call.
    static let blockSize = 64 << 10
    /// A line longer than this is not an alert record: it is skipped without being held whole.
    static let maxLine = 1 << 20

    /// The open file (closed in `deinit`).
    let descriptor: Int32
    /// Its size when opened, in bytes.
    package let size: Int64
    /// Where the last newline of the file ends: the records before it are whole.
    package private(set) var completeEnd: Int64 = 0
    /// Lines skipped so far that were not alert records, and the byte offset of the first.
    package private(set) var skipped = 0
    package private(set) var firstSkipped: Int64?

    /// Opens `path` for reading (a FIFO or a device refused, never waited on); throws a one-line reason.
    package init(path: String) throws(SinkError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SinkError.file(path: path, reason: POSIXFile.lastError()) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = POSIXFile.lastError()
            close(fd)
            throw SinkError.file(path: path, reason: reason)
        }
        if let kind = POSIXFile.notRegular(info.st_mode) {
            close(fd)
            throw SinkError.file(path: path, reason: "it is \(kind), not a regular file; give the path of a file sink's log")
        }
        descriptor = fd
        size = Int64(info.st_size)
        completeEnd = lastNewlineEnd()
    }

    deinit { close(descriptor) }

    /// Calls `body` with every record from the start up to `completeEnd` (and the unfinished tail
    /// when `tail`), oldest first.
    package func forward(tail: Bool, _ body: (AlertLogRecord) -> Void) {
        var carry: [UInt8] = []
        var offset: Int64 = 0
        var lineStart: Int64 = 0
        var block = [UInt8](repeating: 0, count: Self.blockSize)
        let end = tail ? size : completeEnd
        while offset < end {
            let count = read(into: &block, at: offset, max: Int(min(Int64(Self.blockSize), end - offset)))
            guard count > 0 else { break }
            Self.split(block[..<count], carry: &carry) { line, next in
                take(line, at: lineStart, body)
                lineStart = offset + Int64(next)
            }
            offset += Int64(count)
        }
        if !carry.isEmpty { take(carry[...], at: lineStart, body) }
    }

    /// Hands `line` each line of `block` that ends in it (without its newline) and the index in `block` just past it; a
    /// line begun in earlier blocks waits in `carry` (at most `maxLine` bytes of it), as does the unfinished end of `block`.
    static func split(_ block: ArraySlice<UInt8>, carry: inout [UInt8], _ line: (ArraySlice<UInt8>, Int) -> Void) {
        var start = block.startIndex
        for index in block.indices where block[index] == 0x0A {
            if carry.isEmpty {
                line(block[start..<index], index + 1)
            } else {
                carry += block[start..<index]
                line(carry[...], index + 1)
                carry = []
            }
            start = index + 1
        }
        if carry.count <= maxLine { carry += block[start...] }
    }

    /// Calls `body` with the records before `completeEnd` (and the unfinished tail when `tail`),
    /// newest first, until it returns false.
    package func backward(tail: Bool, _ body: (AlertLogRecord) -> Bool) {
        if tail, size > completeEnd {
            var rest = [UInt8](repeating: 0, count: Int(min(size - completeEnd, Int64(Self.maxLine))))
            let count = read(into: &rest, at: completeEnd, max: rest.count)
            var going = true
            take(rest[..<max(0, count)], at: completeEnd) { going = body($0) }
            if !going { return }
        }
        // `buffer` holds bytes [position, position + buffer.count): whole lines after its first newline.
        var position = completeEnd
        var buffer: [UInt8] = []
        var block = [UInt8](repeating: 0, count: Self.blockSize)
        while position > 0 {
            let length = Int(min(Int64(Self.blockSize), position))
            position -= Int64(length)
            let count = read(into: &block, at: position, max: length)
            guard count == length else { return }
            buffer = Array(block[..<count]) + (buffer.count > Self.maxLine ? [] : buffer)
            // The lines after the first newline in `buffer` are whole; the part before it waits for the earlier block.
            var end = buffer.count
            if buffer.last == 0x0A { end -= 1 }
            var index = end - 1
            while index >= 0 {
                if buffer[index] == 0x0A {
                    var going = true
                    take(buffer[(index + 1)..<end], at: position + Int64(index + 1)) { going = body($0) }
                    if !going { return }
                    end = index
                }
                index -= 1
            }
            buffer.removeSubrange(end...)
        }
        if !buffer.isEmpty { take(buffer[...], at: 0) { _ = body($0) } }
    }

    /// Parses one line (empty lines are passed over) and hands it on, or counts it as skipped.
    private func take(_ line: ArraySlice<UInt8>, at offset: Int64, _ body: (AlertLogRecord) -> Void) {
        Self.take(line, record: body) {
            skipped += 1
            if firstSkipped == nil { firstSkipped = offset }
        }
    }

    /// Hands the record on `line` to `record`, or calls `skip` when the line is not one; an empty line is passed over.
    static func take(_ line: ArraySlice<UInt8>, record: (AlertLogRecord) -> Void, skip: () -> Void) {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        if line.count <= maxLine, let parsed = AlertLogRecord.parse(line) {
            record(parsed)
        } else {
            skip()
        }
    }

    /// The offset just past the file's last newline (0 when it has none).
    private func lastNewlineEnd() -> Int64 {
        var block = [UInt8](repeating: 0, count: Self.blockSize)
        var position = size
        while position > 0 {
            let length = Int(min(Int64(Self.blockSize), position))
            position -= Int64(length)
            let count = read(into: &block, at: position, max: length)
            guard count == length else { return 0 }
            if let last = block[..<count].lastIndex(of: 0x0A) { return position + Int64(last) + 1 }
        }
        return 0
    }

    /// Reads up to `max` bytes at `offset`; the count read (0 at the end, or on an error).
    func read(into buffer: inout [UInt8], at offset: Int64, max: Int) -> Int {
        var total = 0
        while total < max {
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress.map { $0 + total }, max - total, off_t(offset) + off_t(total)) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            total += n
        }
        return total
    }
}
