import CoinWatchSupport
import CoinWatchRules
/// Every (rule, coin) pair's state, keyed by `StateDocument.pairKey` ("btc-100k|bitcoin"), in the
/// state file's order (new pairs after it), which is also the order it is written in: after a pass has
/// put the pairs in its rules' order (`arrange(first:)`), the next one finds each pair where it expects
/// it and reads and writes it there without hashing its key (`slot(of:hint:)`).
package struct PairTable: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The keys, in order.
    package private(set) var keys: [String] = []
    /// The states, one per key, same order. A pass writes a state where it lies, at the position
    /// `slot(of:hint:)` gave (an access across targets, not a call); pairs come and go only through
    /// the table's own methods.
    package var values: [PairState] = []
    /// Key → position in `keys`.
    private var positions: [String: Int] = [:]

    package typealias Key = String
    package typealias Value = PairState

    package init() {}

    package init(dictionaryLiteral elements: (String, PairState)...) {
        for (key, value) in elements { self[key] = value }
    }

    package var count: Int { keys.count }

    /// The state of `key`; setting nil removes the pair (the pairs after it move up one place).
    package subscript(key: String) -> PairState? {
        get { positions[key].map { values[$0] } }
        set {
            if let newValue {
                if let position = positions[key] {
                    values[position] = newValue
                } else {
                    insertNew(newValue, forKey: key)
                }
            } else if positions[key] != nil {
                removeAll { $0 == key }
            }
        }
    }

    /// Appends a pair whose key is not in the table yet; false (and no change) when it is.
    @discardableResult
    package mutating func insertNew(_ value: PairState, forKey key: String) -> Bool {
        // One hash of the key: insert, and put the old position back in the rare case of a repeat.
        if let existing = positions.updateValue(keys.count, forKey: key) {
            positions[key] = existing
            return false
        }
        keys.append(key)
        values.append(value)
        return true
    }

    /// The position of `key`, appending it with `value` when it is not in the table yet.
    package mutating func append(_ value: PairState, forKey key: String) -> Int {
        if let position = positions[key] { return position }
        insertNew(value, forKey: key)
        return keys.count - 1
    }

    /// Removes every pair whose key matches, keeping the others in order; how many it removed.
    @discardableResult
    package mutating func removeAll(where matches: (String) throws -> Bool) rethrows -> Int {
        var kept: [Int] = []
        kept.reserveCapacity(keys.count)
        for position in keys.indices where try !matches(keys[position]) { kept.append(position) }
        let removed = keys.count - kept.count
        if removed > 0 { rebuild(kept) }
        return removed
    }

    /// The position of `key`: `hint` when the key is there (a comparison of two strings, no
    /// hashing), else a lookup; nil when the table has no such pair.
    package func slot(of key: String, hint: Int) -> Int? {
        if hint < keys.count, keys[hint] == key { return hint }
        return positions[key]
    }

    /// Puts the pairs at `slots` (positions, each at most once) first, in that order, and the rest
    /// after them in their present order. A no-op when they already stand there.
    package mutating func arrange(first slots: [Int]) {
        guard slots.enumerated().contains(where: { $0.offset != $0.element }) else { return }
        var placed = [Bool](repeating: false, count: keys.count)
        var order: [Int] = []
        order.reserveCapacity(keys.count)
        for slot in slots where keys.indices.contains(slot) && !placed[slot] {
            placed[slot] = true
            order.append(slot)
        }
        for slot in keys.indices where !placed[slot] { order.append(slot) }
        rebuild(order)
    }

    /// The table with the pairs at `order` (positions), in that order.
    private mutating func rebuild(_ order: [Int]) {
        var keys: [String] = []
        var values: [PairState] = []
        var positions: [String: Int] = [:]
        keys.reserveCapacity(order.count)
        values.reserveCapacity(order.count)
        positions.reserveCapacity(order.count)
        for position in order {
            positions[self.keys[position]] = keys.count
            keys.append(self.keys[position])
            values.append(self.values[position])
        }
        self = PairTable(keys: keys, values: values, positions: positions)
    }

    private init(keys: [String], values: [PairState], positions: [String: Int]) {
        self.keys = keys
        self.values = values
        self.positions = positions
    }

    package func makeIterator() -> some IteratorProtocol<(key: String, value: PairState)> {
        zip(keys, values).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
    }
}

extension PairTable: Equatable {
    /// The same pairs with the same states, whatever their order.
    package static func == (lhs: PairTable, rhs: PairTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        return zip(lhs.keys, lhs.values).allSatisfy { rhs[$0.0] == $0.1 }
    }
}

extension PairTable: Codable {
    /// A JSON object of key → pair, in the table's order (JSONEncoder may sort it).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StringKey.self)
        for (key, value) in zip(keys, values) { try container.encode(value, forKey: StringKey(key)) }
    }

    /// Reads a JSON object of key → pair; a keyed container keeps no order, so the keys are sorted.
    package init(from decoder: any Decoder) throws {
        let dictionary = try [String: PairState](from: decoder)
        for key in dictionary.keys.sorted() {
            if let value = dictionary[key] { insertNew(value, forKey: key) }
        }
    }
}
