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
        .target(name: "CoinWatchKit", dependencies: ["CCurl", "CSQLite", "CWslay"]),
        .executableTarget(name: "coinwatch", dependencies: ["CoinWatchKit"]),
        // `make bench`'s rule-evaluation micro-benchmark; not a product, so nothing installs it.
        .executableTarget(name: "coinwatch-bench", dependencies: ["CoinWatchKit"]),
        .testTarget(name: "CoinWatchKitTests", dependencies: ["CoinWatchKit"]),
    ]
)

// Every Swift target gets the same settings from one loop.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .swiftLanguageMode(.v6),
    ]
}
