// The libFuzzer entry point: `COINWATCH_FUZZ_TARGET` names the FuzzTargets function to feed.
// Built by scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` together with
// Tests/TestHelpers/FuzzTargets.swift against the instrumented library targets.
#if canImport(Glibc)
import Glibc
#endif

/// The target chosen by `COINWATCH_FUZZ_TARGET`; the process stops at once when it names none.
private let target: FuzzTargets.Target = {
    let name = getenv("COINWATCH_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let function = FuzzTargets.all[name] else {
        let names = FuzzTargets.all.keys.sorted().joined(separator: ", ")
        let message = Array("COINWATCH_FUZZ_TARGET must be one of: \(names)\n".utf8)
        _ = write(2, message, message.count)
        exit(2)
    }
    return function
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if let broken = target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []) {
        // A broken property is a finding like a crash: say which, then stop so libFuzzer keeps the input.
        let message = Array("fuzz property broken: \(broken)\n".utf8)
        _ = write(2, message, message.count)
        abort()
    }
    return 0
}
