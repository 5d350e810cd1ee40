/// Reads and writes one stored property of a state record. A key path used directly costs a
/// runtime projection per use, and a state of 100,000 pairs makes millions of them on each save;
/// a stored property of a struct has a fixed place in it (`MemoryLayout.offset(of:)`, made for
/// exactly this), so the value is read and assigned there. A key path without an offset (a
/// computed property) goes through the key path.
struct StoredProperty<Record, Value> {
    let path: WritableKeyPath<Record, Value>
    /// The property's byte offset in `Record`; nil when it has none.
    let offset: Int?

    init(_ path: WritableKeyPath<Record, Value>) {
        self.path = path
        offset = MemoryLayout<Record>.offset(of: path)
    }

    /// The value in `record`.
    func get(_ record: Record) -> Value {
        guard let offset else { return record[keyPath: path] }
        return withUnsafePointer(to: record) { pointer in
            UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
    }

    /// Sets the value in `record`.
    func set(_ record: inout Record, _ value: Value) {
        guard let offset else {
            record[keyPath: path] = value
            return
        }
        withUnsafeMutablePointer(to: &record) { pointer in
            UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee = value
        }
    }
}
