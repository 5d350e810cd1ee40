import Foundation
import Testing

/// Every input a fuzzer once crashed on, kept under `Fixtures/fuzz/regressions/<target>/`, and every
/// fuzz seed, goes through its target again and must not crash (nor break the target's property).
@Suite struct FuzzRegressionTests {
    /// (target, file) for every kept input; the folders exist for every target, empty or not.
    static let inputs: [String] = FuzzTargets.all.keys.sorted().flatMap { target in
        ["regressions", "seeds"].flatMap { kind in
            ((try? Fixtures.files(in: "fuzz/\(kind)/\(target)")) ?? []).filter { !$0.hasPrefix(".") }.map { "\(kind)/\(target)/\($0)" }
        }
    }

    @Test(arguments: inputs)
    func aKeptFuzzInputRunsThroughItsTargetWithoutCrashing(input: String) throws {
        let target = try #require(input.split(separator: "/").dropFirst().first.map(String.init))
        let function = try #require(FuzzTargets.all[target], "no fuzz target named \(target)")
        function(try Fixtures.bytes("fuzz/" + input))
    }

    @Test func everyTargetHasARegressionFolder() throws {
        for target in FuzzTargets.all.keys {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: Fixtures.url("fuzz/regressions/\(target)"), isDirectory: &isFolder) && isFolder.boolValue,
                    "Fixtures/fuzz/regressions/\(target)/ is missing")
        }
    }
}
