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
        // The chart image renderer: plain inputs in, PNG bytes out; nothing of coinwatch but itself.
        .target(name: "CoinWatchChart", dependencies: ["CCairo"]),
        .target(name: "CoinWatchKit", dependencies: ["CCurl", "CSQLite", "CWslay", "CoinWatchChart"]),
        .executableTarget(name: "coinwatch", dependencies: ["CoinWatchKit"]),
        // `make bench`'s rule-evaluation micro-benchmark; not a product, so nothing installs it.
        .executableTarget(name: "coinwatch-bench", dependencies: ["CoinWatchKit", "CoinWatchChart"]),
        .testTarget(name: "CoinWatchKitTests", dependencies: ["CoinWatchKit", "CoinWatchChart"]),
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
