import CoinWatchSupport
import Glibc

/// `coinwatch log --follow`: the records appended to a file sink since the last look, across logrotate
/// as `tail -F` follows it.
package final class AlertLogFollower {
    private let path: String
    private var descriptor: Int32 = -1
    private var offset: Int64 = 0
    /// The start of a line whose newline has not come yet.
    private var pending: [UInt8] = []
    /// Lines that were not alert records since the last `take`.
    package private(set) var skipped = 0

    /// Follows `path` from `offset` in the file `log` has open (nil: the file does not exist yet,
    /// it is read from its start once it does).
    package init(path: String, log: AlertLogFile?) {
        self.path = path
        if let log {
            descriptor = log.handOver()
            offset = log.completeEnd
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The whole records appended since the last call, oldest first.
    package func poll() -> [AlertLogRecord] {
        skipped = 0
        var records: [AlertLogRecord] = []
        if descriptor < 0 { reopen() }
        guard descriptor >= 0 else { return records }
        var info = stat()
        if fstat(descriptor, &info) == 0, Int64(info.st_size) < offset {
            // copytruncate: the file was emptied in place; what is in it now is new.
            offset = 0
            pending = []
        }
        readNew(into: &records)
        var current = stat()
        if stat(path, &current) == 0, current.st_ino != info.st_ino || current.st_dev != info.st_dev {
            // Rotated by rename: the old file was read to its end above; the new one from its start.
            if !pending.isEmpty { skipped += 1; pending = [] }
            close(descriptor)
            descriptor = -1
            reopen()
            if descriptor >= 0 { readNew(into: &records) }
        }
        return records
    }

    private func reopen() {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return }
        var info = stat()
        guard fstat(fd, &info) == 0, POSIXFile.notRegular(info.st_mode) == nil else {
            close(fd)
            return
        }
        descriptor = fd
        offset = 0
        pending = []
    }

    private func readNew(into records: inout [AlertLogRecord]) {
        var block = [UInt8](repeating: 0, count: AlertLogFile.blockSize)
        while true {
            let n = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            offset += Int64(n)
            var start = 0
            for index in 0..<n where block[index] == 0x0A {
                let line = pending.isEmpty ? block[start..<index] : (pending + block[start..<index])[...]
                pending = []
                start = index + 1
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
                if line.count <= AlertLogFile.maxLine, let record = AlertLogRecord.parse(line) {
                    records.append(record)
                } else {
                    skipped += 1
                }
            }
            if pending.count <= AlertLogFile.maxLine { pending += block[start..<n] }
        }
    }
}
