import CSQLite

/// A prepared statement of one `SQLiteConnection`, finalized in `deinit`; parameters are 1-based,
/// columns 0-based.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Rewinds the statement and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values` to parameters 1, 2, … in order.
    func bind(_ values: [any SQLiteValue]) throws(SQLiteError) {
        for (index, value) in values.enumerated() {
            try connection.check(value.bind(to: handle, at: Int32(index + 1)))
        }
    }

    /// Advances one step: true when a row is ready, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code & 0xFF {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            defer { sqlite3_reset(handle) }
            try connection.check(code)
            return false
        }
    }

    /// Runs the statement to its end, ignoring rows.
    func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Column `index` of the current row as an integer.
    func int(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Calls `body` with the bytes of blob column `index` of the current row (empty for NULL).
    func withBlob<T>(_ index: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Column `index` of the current row as text ("" when NULL).
    func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        return String(cString: bytes)
    }
}

/// A value a statement parameter takes: an integer, text (copied) or bytes (copied).
protocol SQLiteValue {
    /// Binds the value to parameter `index` of `statement`, returning SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self) }
}

extension String: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        cw_sqlite_bind_text(statement, index, self, Int32(utf8.count))
    }
}

extension [UInt8]: SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { cw_sqlite_bind_blob(statement, index, $0.baseAddress, Int32($0.count)) }
    }
}
