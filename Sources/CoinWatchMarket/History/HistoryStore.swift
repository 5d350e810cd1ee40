import CoinWatchSupport
import Glibc

/// The local history store (SPEC §7): one SQLite file under the cache folder with a `series` row per
/// (provider, coin, currency, timeframe), its candles in `chunks` and its spans known `complete`, so a
/// closed candle is never fetched twice; every write is one `BEGIN IMMEDIATE` transaction.
package final class HistoryStore {
    /// The file.
    package let path: String
    /// The connection (the roll-up runs its transaction on it).
    private(set) var db: SQLiteConnection
    private let busyTimeout: Double
    private var seriesIDs: [String: Int64] = [:]
    /// When set (a store from `open`), the time whose stamp names the backup if SQLite finds damaged
    /// pages in a file whose header was good; cleared once the store has been moved aside and rebuilt.
    private var rebuildAt: Double?
    /// Calls of `recovering` in progress (a roll-up reads through the public calls inside its transaction).
    private var depth = 0

    /// The schema version in `PRAGMA user_version`.
    static let schemaVersion = 1

    /// Opens (or creates) the store at `path`, waiting up to `busyTimeout` seconds for a lock.
    /// Throws `SQLiteError.corrupt` when the file is not a store, `.busy` when locked too long.
    package init(path: String, busyTimeout: Double = 5) throws(SQLiteError) {
        self.path = path
        self.busyTimeout = busyTimeout
        db = try Self.connect(path: path, busyTimeout: busyTimeout)
    }

    /// A connection to the store at `path`, its tables created when it is new.
    private static func connect(path: String, busyTimeout: Double) throws(SQLiteError) -> SQLiteConnection {
        let db = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        let current = try db.with("PRAGMA user_version") { (version) throws(SQLiteError) in try version.step() ? version.int(0) : 0 }
        guard current != Int64(Self.schemaVersion) else { return db }
        guard current == 0 else {
            throw .corrupt(path: path, message: "schema version \(current), this coinwatch knows \(Self.schemaVersion)")
        }
        try db.transaction { () throws(SQLiteError) in
            try db.execute("""
                CREATE TABLE IF NOT EXISTS series(id INTEGER PRIMARY KEY, provider TEXT NOT NULL, coin TEXT NOT NULL,
                    currency TEXT NOT NULL, timeframe TEXT NOT NULL, UNIQUE(provider, coin, currency, timeframe));
                CREATE TABLE IF NOT EXISTS chunks(series INTEGER NOT NULL, start INTEGER NOT NULL, data BLOB NOT NULL,
                    PRIMARY KEY(series, start)) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS complete(series INTEGER NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL,
                    PRIMARY KEY(series, start)) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
                PRAGMA user_version = \(Self.schemaVersion);
                """)
        }
        return db
    }

    /// The store at `path`, or nil (after one line to `warn`) when it cannot be used now (locked past
    /// `busyTimeout` seconds); a file that is not a store is moved aside to `<path>.corrupt-<time>` and replaced.
    package static func open(path: String, busyTimeout: Double = 5, now: Double, warn: (String) -> Void) -> HistoryStore? {
        if let detail = POSIXFile.makeFolders(POSIXFile.folder(of: path)) {
            warn("history store \(path): \(detail); going on without it")
            return nil
        }
        do {
            let store = try HistoryStore(path: path, busyTimeout: busyTimeout)
            store.rebuildAt = now
            return store
        } catch .corrupt(_, let message) {
            switch moveAside(path, now: now) {
            case .success(let aside):
                warn("history store \(path) was not usable (\(message)); moved it to \(aside) and started a new one")
            case .failure(let failure):
                warn("history store \(path) was not usable (\(message)) and cannot be moved aside (\(failure.detail)); going on without it")
                return nil
            }
            return try? HistoryStore(path: path, busyTimeout: busyTimeout)
        } catch .refused(_, let reason) {
            warn("history store \(path) is \(reason), which coinwatch never opens; remove it (or set COINWATCH_CACHE); going on without the store")
            return nil
        } catch {
            warn("\(error.message); going on without the history store this time")
            return nil
        }
    }

    /// Moves the store at `path` (and its WAL and shared memory, which belong to it) aside to
    /// `<path>.corrupt-<time>`, a name no other file has.
    private static func moveAside(_ path: String, now: Double) -> Result<String, POSIXFile.MoveAsideFailure> {
        let moved = Result { () throws(POSIXFile.MoveAsideFailure) in
            try POSIXFile.moveAside(path, base: "\(path).corrupt-\(TimeText.compact(now))")
        }
        if case .success = moved {
            unlink(path + "-wal")
            unlink(path + "-shm")
        }
        return moved
    }

    /// Runs `body`; on SQLITE_CORRUPT the store is moved aside and a new one started, and the error
    /// thrown says so.
    func recovering<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        depth += 1
        defer { depth -= 1 }
        do {
            return try body()
        } catch {
            guard case .corrupt(_, let message) = error, depth == 1, let now = rebuildAt else { throw error }
            rebuildAt = nil
            seriesIDs = [:]
            db.close()
            let moved = Self.moveAside(path, now: now)
            db = try Self.connect(path: path, busyTimeout: busyTimeout)
            switch moved {
            case .success(let aside): throw .corrupt(path: path, message: "\(message); moved it to \(aside) and started a new one")
            case .failure(let failure): throw .corrupt(path: path, message: "\(message); cannot move it aside: \(failure.detail)")
            }
        }
    }

    /// The stored candles of `key` with `from` ≤ open time < `to`, oldest first.
    package func candles(_ key: SeriesKey, from: Int64, to: Int64) throws(SQLiteError) -> [Candle] {
        try recovering { () throws(SQLiteError) in
            guard let id = try seriesID(key, create: false) else { return [] }
            let sql = "SELECT data FROM chunks WHERE series = ?1 AND start >= ?2 AND start < ?3 ORDER BY start"
            return try db.with(sql, [id, CandleChunk.start(of: from, key.timeframe), to]) { (select) throws(SQLiteError) in
                var out: [Candle] = []
                while try select.step() {
                    select.withBlob(0) { CandleChunk.decode($0, from: from, to: to, into: &out) }
                }
                return out
            }
        }
    }

    /// The newest stored open time of `key`, nil when it has none.
    package func newest(_ key: SeriesKey) throws(SQLiteError) -> Int64? {
        try recovering { () throws(SQLiteError) in
            guard let id = try seriesID(key, create: false) else { return nil }
            let sql = "SELECT data FROM chunks WHERE series = ?1 ORDER BY start DESC LIMIT 1"
            return try db.with(sql, [id]) { (select) throws(SQLiteError) in
                guard try select.step() else { return nil }
                var last: [Candle] = []
                select.withBlob(0) { CandleChunk.decode($0, from: .min, to: .max, into: &last) }
                return last.last?.openTime
            }
        }
    }

    /// The spans of `key` known complete.
    package func complete(_ key: SeriesKey) throws(SQLiteError) -> Intervals {
        try recovering { () throws(SQLiteError) in
            guard let id = try seriesID(key, create: false) else { return Intervals() }
            let sql = "SELECT start, end FROM complete WHERE series = ?1 ORDER BY start"
            return try db.with(sql, [id]) { (select) throws(SQLiteError) in
                var spans: [(start: Int64, end: Int64)] = []
                while try select.step() { spans.append((select.int(0), select.int(1))) }
                return Intervals(spans)
            }
        }
    }

    /// Stores the closed candles `closed` (sorted) of `key` and marks `complete` spans known complete,
    /// in one transaction; a candle already stored for the same open time is replaced.
    package func save(_ key: SeriesKey, closed: [Candle], complete spans: [(start: Int64, end: Int64)]) throws(SQLiteError) {
        try recovering { () throws(SQLiteError) in try db.transaction { () throws(SQLiteError) in
            guard let id = try seriesID(key, create: true) else { return }
            try write(id, key.timeframe, closed)
            guard !spans.isEmpty else { return }
            var known = try complete(key)
            for span in spans { known.insert(span.start, span.end) }
            try replaceComplete(id, known)
        } }
    }

    /// Bytes the store takes on disk (the file and its WAL).
    package var sizeBytes: Int64 { Self.fileBytes(path) }

    /// Bytes the store at `path` takes on disk (the file and its WAL).
    package static func fileBytes(_ path: String) -> Int64 {
        Int64(POSIXFile.size(of: path) + POSIXFile.size(of: path + "-wal"))
    }

    /// SQLite's `PRAGMA quick_check` verdict: "ok", or what is damaged.
    package func check() throws(SQLiteError) -> String {
        try db.with("PRAGMA quick_check") { (check) throws(SQLiteError) in try check.step() ? check.text(0) : "no answer" }
    }

    /// How many series it holds.
    package func seriesCount() throws(SQLiteError) -> Int {
        try db.with("SELECT count(*) FROM series") { (count) throws(SQLiteError) in try count.step() ? Int(count.int(0)) : 0 }
    }

    // MARK: - Internals shared with the roll-up

    /// The id of `key`'s series row, created when `create` (inside a transaction), else nil when missing.
    func seriesID(_ key: SeriesKey, create: Bool) throws(SQLiteError) -> Int64? {
        let name = "\(key.provider)|\(key.coin)|\(key.currency)|\(key.timeframeTag)"
        if let id = seriesIDs[name] { return id }
        let columns: [any SQLiteValue] = [key.provider, key.coin, key.currency, key.timeframeTag]
        let found = try db.with("SELECT id FROM series WHERE provider = ?1 AND coin = ?2 AND currency = ?3 AND timeframe = ?4",
                                columns) { (select) throws(SQLiteError) -> Int64? in try select.step() ? select.int(0) : nil }
        if let found {
            seriesIDs[name] = found
            return found
        }
        guard create else { return nil }
        try db.run("INSERT INTO series(provider, coin, currency, timeframe) VALUES (?1, ?2, ?3, ?4)", columns)
        return try seriesID(key, create: false)
    }

    /// Merges `candles` into the chunks of series `id`.
    func write(_ id: Int64, _ timeframe: Timeframe, _ candles: [Candle]) throws(SQLiteError) {
        var index = 0
        while index < candles.count {
            let start = CandleChunk.start(of: candles[index].openTime, timeframe)
            var end = index
            while end < candles.count, CandleChunk.start(of: candles[end].openTime, timeframe) == start { end += 1 }
            let sql = "SELECT data FROM chunks WHERE series = ?1 AND start = ?2"
            let old = try db.with(sql, [id, start]) { (select) throws(SQLiteError) in
                var old: [Candle] = []
                if try select.step() { select.withBlob(0) { CandleChunk.decode($0, from: .min, to: .max, into: &old) } }
                return old
            }
            let merged = CandleChunk.merge(old, Array(candles[index..<end]))
            try db.run("INSERT OR REPLACE INTO chunks(series, start, data) VALUES (?1, ?2, ?3)",
                       [id, start, CandleChunk.encode(merged)])
            index = end
        }
    }

    /// Replaces the complete spans of series `id` with `known`.
    func replaceComplete(_ id: Int64, _ known: Intervals) throws(SQLiteError) {
        try db.run("DELETE FROM complete WHERE series = ?1", [id])
        try db.with("INSERT INTO complete(series, start, end) VALUES (?1, ?2, ?3)") { (insert) throws(SQLiteError) in
            for span in known.spans {
                insert.reset()
                try insert.bind([id, span.start, span.end])
                try insert.run()
            }
        }
    }

    /// Deletes the chunks of series `id` that end before `time` (whole chunks only).
    func deleteChunks(_ id: Int64, _ timeframe: Timeframe, before time: Int64) throws(SQLiteError) {
        try db.run("DELETE FROM chunks WHERE series = ?1 AND start + ?2 <= ?3",
                   [id, CandleChunk.widths * timeframe.milliseconds, time])
    }

    /// The integer `key` of the meta table, nil when unset.
    func meta(_ key: String) throws(SQLiteError) -> Int64? {
        try db.with("SELECT value FROM meta WHERE key = ?1", [key]) { (select) throws(SQLiteError) in
            try select.step() ? select.int(0) : nil
        }
    }

    /// Sets the integer `key` of the meta table.
    func setMeta(_ key: String, _ value: Int64) throws(SQLiteError) {
        try db.run("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)", [key, value])
    }

    /// Every series key in the store.
    func allSeries() throws(SQLiteError) -> [(id: Int64, key: SeriesKey)] {
        try db.with("SELECT id, provider, coin, currency, timeframe FROM series") { (select) throws(SQLiteError) in
            var out: [(id: Int64, key: SeriesKey)] = []
            while try select.step() {
                let tag = select.text(4)
                let points = tag.hasPrefix("p")
                guard let timeframe = Timeframe(rawValue: points ? String(tag.dropFirst()) : tag) else { continue }
                out.append((select.int(0), SeriesKey(provider: select.text(1), coin: select.text(2), currency: select.text(3),
                                                     timeframe: timeframe, points: points)))
            }
            return out
        }
    }
}
