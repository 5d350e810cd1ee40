// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "coinwatch",
    products: [
        .executable(name: "coinwatch", targets: ["coinwatch"]),
    ],
    targets: [
        // libcurl is opened on first use (dlopen; see Sources/CCurl/shim.h), not linked: only its
        // headers are needed to build, hence no pkgConfig (whose flags would link it).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // WebSocket frames for `stream` (Debian ships no .pc file for wslay, hence no pkgConfig).
        .systemLibrary(
            name: "CWslay",
            providers: [.apt(["libwslay-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Chart images (SPEC §12). cairo is opened on first use (dlopen; see Sources/CCairo/shim.h), not
        // linked: only its headers are needed to build, hence no pkgConfig.
        .systemLibrary(
            name: "CCairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // The chart image renderer: plain inputs in, PNG bytes out; nothing of coinwatch but itself,
        // and the only target that imports CCairo.
        .target(name: "CoinWatchChart", dependencies: ["CoinWatchSupport", "CCairo"]),
        // The library targets, one per layer; each depends only on the layers below it, so the
        // compiler refuses a backward edge (docs/development.md, "Layers"). Cross-target API is
        // `package`.
        .target(name: "CoinWatchSupport"),
        .target(name: "CoinWatchTransport", dependencies: ["CoinWatchSupport", "CCurl", "CWslay"]),
        .target(name: "CoinWatchMarket", dependencies: ["CoinWatchSupport", "CoinWatchTransport", "CSQLite"]),
        .target(name: "CoinWatchRules", dependencies: ["CoinWatchSupport", "CoinWatchTransport", "CoinWatchMarket"]),
        .target(name: "CoinWatchState", dependencies: ["CoinWatchSupport", "CoinWatchMarket", "CoinWatchRules"]),
        .target(name: "CoinWatchEngine", dependencies: [
            "CoinWatchSupport", "CoinWatchTransport", "CoinWatchMarket", "CoinWatchRules", "CoinWatchState", "CoinWatchChart",
        ]),
        // rules.schema.json (a link to the committed file) is carried in the binary for `init` to write beside the rules.
        .target(name: "CoinWatchCLI", dependencies: [
            "CoinWatchSupport", "CoinWatchTransport", "CoinWatchMarket", "CoinWatchRules", "CoinWatchState", "CoinWatchEngine",
        ], resources: [.embedInCode("rules.schema.json")]),
        // Linked by lld with packed relative relocations (DT_RELR, glibc 2.36+): the 45,700 relocations of the
        // static Swift runtime's pointers take 9 KB instead of 1.07 MB of .rela.dyn, which the loader reads at every
        // start (1 MB less peak RSS in a 5000-favorite pass).
        .executableTarget(name: "coinwatch", dependencies: ["CoinWatchCLI"],
                          linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]),
        // `make bench`'s rule-evaluation micro-benchmark; not a product, so nothing installs it.
        .executableTarget(name: "coinwatch-bench", dependencies: [
            "CoinWatchSupport", "CoinWatchTransport", "CoinWatchMarket", "CoinWatchRules", "CoinWatchState", "CoinWatchEngine", "CoinWatchCLI", "CoinWatchChart",
        ]),
        // What the tests share (fixtures, loopback servers, the running binary); not a product.
        .target(name: "TestHelpers", dependencies: [
            "CoinWatchSupport", "CoinWatchTransport", "CoinWatchMarket", "CoinWatchRules", "CoinWatchState", "CoinWatchEngine", "CoinWatchCLI",
        ], path: "Tests/TestHelpers"),
        .testTarget(name: "CoinWatchSupportTests", dependencies: ["CoinWatchSupport", "TestHelpers"]),
        .testTarget(name: "CoinWatchTransportTests", dependencies: ["CoinWatchTransport", "TestHelpers"]),
        .testTarget(name: "CoinWatchMarketTests", dependencies: ["CoinWatchMarket", "TestHelpers"]),
        .testTarget(name: "CoinWatchRulesTests", dependencies: ["CoinWatchRules", "TestHelpers"]),
        .testTarget(name: "CoinWatchStateTests", dependencies: ["CoinWatchState", "TestHelpers"]),
        .testTarget(name: "CoinWatchEngineTests", dependencies: ["CoinWatchEngine", "TestHelpers"]),
        .testTarget(name: "CoinWatchCLITests", dependencies: ["CoinWatchCLI", "TestHelpers"]),
        .testTarget(name: "CoinWatchChartTests", dependencies: ["CoinWatchChart", "CCairo"]),
    ]
)

// Every Swift target gets the same settings from one loop.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .swiftLanguageMode(.v6),
    ]
}
