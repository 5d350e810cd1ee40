@testable import CoinWatchSupport
@testable import CoinWatchRules
import Testing
@testable import TestHelpers

/// `FieldAccess`: the state tables read and write a record's fields at their place in it; every
/// kind of stored value must come and go exactly as through the key path, and a computed property
/// still goes through its key path.
@Suite struct FieldAccessTests {
    struct Record: Equatable {
        var flag = false
        var text = "a"
        var number: Double? = nil
        var list: [String] = []
        var table: [String: Int] = [:]
        var nested = PairState()
        var doubled: Double {
            get { (number ?? 0) * 2 }
            set { number = newValue / 2 }
        }
    }

    @Test func storedPropertiesAreReadAndWrittenInPlaceLikeTheirKeyPaths() {
        var record = Record()
        let text = FieldAccess(\Record.text), number = FieldAccess(\Record.number), list = FieldAccess(\Record.list)
        let table = FieldAccess(\Record.table), nested = FieldAccess(\Record.nested), flag = FieldAccess(\Record.flag)
        #expect([text.offset, number.offset, list.offset, table.offset, nested.offset, flag.offset].allSatisfy { $0 != nil })
        text.set(&record, String(repeating: "long text, not a small string ", count: 4))
        number.set(&record, 1.5)
        list.set(&record, ["x", "y"])
        table.set(&record, ["k": 1])
        var pair = PairState()
        pair.firing = true
        pair.lastNotified = 1_700_000_000
        nested.set(&record, pair)
        flag.set(&record, true)
        #expect(record.text.hasPrefix("long text") && record.number == 1.5 && record.list == ["x", "y"] && record.table == ["k": 1])
        #expect(record.nested == pair && record.flag)
        #expect(text.get(record) == record.text && number.get(record) == 1.5 && list.get(record) == ["x", "y"])
        #expect(table.get(record) == ["k": 1] && nested.get(record) == pair && flag.get(record))
        // Setting again releases what was there: the old array is no longer shared.
        var kept = list.get(record)
        list.set(&record, [])
        kept.append("z")
        #expect(record.list.isEmpty && kept == ["x", "y", "z"])
    }

    @Test func aComputedPropertyGivenByItsAccessorsUsesThem() {
        var record = Record()
        let doubled = FieldAccess<Record, Double>(get: { $0.doubled }, set: { $0.doubled = $1 })
        doubled.set(&record, 6)
        #expect(record.number == 3 && doubled.get(record) == 6 && doubled.offset == nil)
    }

    @Test func aComputedPropertyGoesThroughItsKeyPath() {
        var record = Record()
        let doubled = FieldAccess(\Record.doubled)
        #expect(doubled.offset == nil)
        doubled.set(&record, 8)
        #expect(record.number == 4 && doubled.get(record) == 8)
    }
}
