@testable import CoinWatchSupport
@testable import CoinWatchRules
@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// The pairs' table keeps its order (the file's, new pairs after it), finds a pair at the position
/// it is expected at without a lookup, and otherwise behaves as the dictionary it replaced.
@Suite struct PairTableTests {
    static func pair(_ price: Double) -> PairState {
        var pair = PairState()
        pair.rearmAt = price
        return pair
    }

    @Test func keysStayInInsertionOrderAndSettingAKnownKeyKeepsItsPlace() {
        var table = PairTable()
        table["b|x"] = Self.pair(1)
        table["a|x"] = Self.pair(2)
        table["c|x"] = Self.pair(3)
        table["a|x"] = Self.pair(20)
        #expect(table.keys == ["b|x", "a|x", "c|x"])
        #expect(table["a|x"] == Self.pair(20))
        #expect(table["missing|x"] == nil)
        #expect(table.count == 3)
    }

    @Test func settingNilRemovesThePairAndTheOthersKeepTheirOrderAndLookups() {
        var table: PairTable = ["a|x": Self.pair(1), "b|x": Self.pair(2), "c|x": Self.pair(3)]
        table["a|x"] = nil
        table["nothing|x"] = nil
        #expect(table.keys == ["b|x", "c|x"])
        #expect(table["c|x"] == Self.pair(3), "positions after the removed pair are found again")
        #expect(table.slot(of: "c|x", hint: 99) == 1)
    }

    @Test func insertNewRefusesAKeyThatIsThereAndChangesNothing() {
        var table: PairTable = ["a|x": Self.pair(1)]
        let again = table.insertNew(Self.pair(2), forKey: "a|x")
        #expect(again == false)
        #expect(table["a|x"] == Self.pair(1))
        let new = table.insertNew(Self.pair(3), forKey: "b|x")
        #expect(new)
        #expect(table.keys == ["a|x", "b|x"])
    }

    @Test func removeAllKeepsTheRestInOrderAndCountsWhatWent() {
        var table: PairTable = ["a|1": PairState(), "b|1": PairState(), "a|2": PairState(), "c|1": PairState()]
        let removed = table.removeAll { $0.hasPrefix("a|") }
        #expect(removed == 2)
        #expect(table.keys == ["b|1", "c|1"])
        let none = table.removeAll { _ in false }
        #expect(none == 0)
    }

    @Test func slotUsesTheHintOnlyWhenTheKeyIsThere() {
        let table: PairTable = ["a|x": PairState(), "b|x": PairState(), "c|x": PairState()]
        #expect(table.slot(of: "b|x", hint: 1) == 1)
        #expect(table.slot(of: "b|x", hint: 2) == 1, "a wrong hint falls back to the lookup")
        #expect(table.slot(of: "b|x", hint: 3) == 1, "so does a hint past the end")
        #expect(table.slot(of: "d|x", hint: 0) == nil)
    }

    @Test func arrangePutsTheGivenPairsFirstAndTheRestAfterInTheirOrder() {
        var table: PairTable = ["a": Self.pair(1), "b": Self.pair(2), "c": Self.pair(3), "d": Self.pair(4), "e": Self.pair(5)]
        table.arrange(first: [3, 0, 3, 9])
        #expect(table.keys == ["d", "a", "b", "c", "e"], "a repeated or unknown position is skipped")
        #expect(table["d"] == Self.pair(4) && table["e"] == Self.pair(5))
        #expect(table.slot(of: "b", hint: 0) == 2)
        let before = table
        table.arrange(first: [0, 1])
        #expect(table.keys == before.keys, "pairs already in place stay")
    }

    @Test func equalityIgnoresOrder() {
        let one: PairTable = ["a": Self.pair(1), "b": Self.pair(2)]
        let other: PairTable = ["b": Self.pair(2), "a": Self.pair(1)]
        #expect(one == other)
        #expect(one != ["a": Self.pair(1), "b": Self.pair(3)])
        #expect(one != ["a": Self.pair(1)])
        #expect(one != ["a": Self.pair(1), "c": Self.pair(2)])
    }

    @Test func iterationGivesKeysWithTheirStatesInOrder() {
        let table: PairTable = ["b": Self.pair(2), "a": Self.pair(1)]
        #expect(table.map(\.key) == ["b", "a"])
        #expect(table.map(\.value.rearmAt) == [2, 1])
    }

    @Test func theStateFileKeepsThePairsInTheTablesOrder() throws {
        var doc = StateDocument()
        doc.pairs["zeta|bitcoin"] = Self.pair(1)
        doc.pairs["alpha|bitcoin"] = Self.pair(2)
        doc.pairs["mid|bitcoin"] = PairState()
        let bytes = try StateWriter.encode(doc)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""pairs":{"zeta|bitcoin":{"rearm_at":1},"alpha|bitcoin":{"rearm_at":2},"mid|bitcoin":{}}"#))
        let read = try #require(StateDirectDecoder.decode(bytes))
        #expect(read.pairs.keys == ["zeta|bitcoin", "alpha|bitcoin", "mid|bitcoin"])
        #expect(read == doc)
    }

    @Test func codableRoundTripsThroughJSONEncoderAndDecoder() throws {
        let table: PairTable = ["b|x": Self.pair(2), "a|x": Self.pair(1)]
        let data = try JSONEncoder().encode(table)
        let decoded = try JSONDecoder().decode(PairTable.self, from: data)
        #expect(decoded == table)
        #expect(decoded.keys == ["a|x", "b|x"], "the general decoder has no order to keep and sorts")
    }
}
