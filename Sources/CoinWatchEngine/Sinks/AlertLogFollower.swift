import CoinWatchSupport
import Glibc

/// `coinwatch log --follow`: the records appended to a file sink since the last look, across logrotate
/// as `tail -F` follows it.
package final class AlertLogFollower {
    private let path: String
    private var file: AlertLogFile?
    private var offset: Int64 = 0
    /// The start of a line whose newline has not come yet.
    private var pending: [UInt8] = []
    /// Lines that were not alert records since the last `take`.
    package private(set) var skipped = 0

    /// Follows `path` from `offset` in the file `log` has open (nil: the file does not exist yet,
    /// it is read from its start once it does).
    package init(path: String, log: AlertLogFile?) {
        self.path = path
        file = log
        offset = log?.completeEnd ?? 0
    }

    /// The whole records appended since the last call, oldest first.
    package func poll() -> [AlertLogRecord] {
        skipped = 0
        var records: [AlertLogRecord] = []
        if file == nil { reopen() }
        guard let followed = file else { return records }
        var info = stat()
        if fstat(followed.descriptor, &info) == 0, Int64(info.st_size) < offset {
            // copytruncate: the file was emptied in place; what is in it now is new.
            offset = 0
            pending = []
        }
        readNew(into: &records)
        var current = stat()
        if stat(path, &current) == 0, current.st_ino != info.st_ino || current.st_dev != info.st_dev {
            // Rotated by rename: the old file was read to its end above; the new one from its start.
            if !pending.isEmpty { skipped += 1; pending = [] }
            reopen()
            readNew(into: &records)
        }
        return records
    }

    /// Opens the file at `path` again (nil when it is missing or not a regular file), to read from its start.
    private func reopen() {
        file = try? AlertLogFile(path: path)
        offset = 0
        pending = []
    }

    private func readNew(into records: inout [AlertLogRecord]) {
        guard let file else { return }
        var block = [UInt8](repeating: 0, count: AlertLogFile.blockSize)
        while true {
            let count = file.read(into: &block, at: offset, max: block.count)
            guard count > 0 else { return }
            offset += Int64(count)
            AlertLogFile.split(block[..<count], carry: &pending) { line, _ in
                AlertLogFile.take(line, record: { records.append($0) }, skip: { skipped += 1 })
            }
        }
    }
}
