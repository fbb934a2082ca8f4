// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "JourneyTerm",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "journey", targets: ["journey"]),
        .library(name: "Orchestrate", targets: ["Orchestrate"]),
        .library(name: "JourneyEngine", targets: ["JourneyEngine"]),
        .library(name: "DaVinci", targets: ["DaVinci"]),
        .library(name: "DemoAM", targets: ["DemoAM"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0",
                 traits: [.defaults, "YAML", "PropertyList", "Reloading"]),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // FilePath, which swift-configuration's file providers take.
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        // journey load's latencies: HDR histograms, fixed memory and bounded error.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // Child processes without Foundation's Process, whose run() over-reads /proc/self/fd on
        // Linux and crashes now and then (swift-corelibs-foundation#5472).
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
    ],
    targets: [
        // The system ncursesw library. Only the curses front end may import it.
        .systemLibrary(
            name: "CNcurses",
            path: "Modules/CNcurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // What every orchestration needs, whichever protocol it speaks: wire JSON, HTTP transport
        // (TLS, pins, deadlines), cookies, stores, traces and redaction, text safety, OAuth 2.0 / OIDC.
        .target(
            name: "Orchestrate",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        // The journey protocol on top of Orchestrate: callback models, the journey state machine,
        // answers, advices, sessions, OAuth 2.0 / OIDC, instances. Knows nothing about terminals.
        .target(
            name: "JourneyEngine",
            dependencies: [
                "Orchestrate",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // PingOne DaVinci flows on top of Orchestrate: collectors, the flow, its client. Never
        // imports JourneyEngine: the two protocols share only what Orchestrate holds.
        .target(
            name: "DaVinci",
            dependencies: [
                "Orchestrate",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Where a client instance's options come from: profiles.yaml, the environment and flags,
        // merged with swift-configuration (flags > environment > profile > defaults), each value
        // with its source; validation; imports and exports of the SDKs' formats; live reload.
        .target(
            name: "JourneyProfiles",
            dependencies: [
                "Orchestrate", "JourneyEngine", "DaVinci",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "SystemPackage", package: "swift-system"),
                // The profiles watcher hears of a save it cannot parse through the reloading
                // provider's metrics.
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // `journey test`: test files (YAML), the runner that walks one test case with a client
        // instance and checks each page, and the reports (human, JSON, JUnit). No terminal here.
        .target(
            name: "JourneyTesting",
            dependencies: [
                "Orchestrate", "JourneyEngine", "DaVinci", "JourneyProfiles",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        // Terminal building blocks, pure (no curses): the cell canvas, text width, theme roles,
        // key events and key maps, widgets.
        .target(name: "TerminalKit"),
        .target(name: "CursesUI", dependencies: ["CNcurses", "TerminalKit"]),
        // Callback and collector models → widget models. Pure data.
        .target(
            name: "Renderer",
            dependencies: ["Orchestrate", "JourneyEngine", "DaVinci", "TerminalKit"]
        ),
        // Journey definitions (exports, AM's configuration folder, AM's REST API) drawn as maps.
        .target(
            name: "JourneyMaps",
            dependencies: ["Orchestrate", "TerminalKit"]
        ),
        // The full-screen app: tabs of client instances, one update function, the view, and
        // the runtime that runs network work off the UI loop. No curses here.
        .target(
            name: "JourneyApp",
            dependencies: [
                "Orchestrate", "JourneyEngine", "DaVinci", "JourneyProfiles", "JourneyTesting", "Renderer", "TerminalKit", "JourneyMaps",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A Hummingbird application on 127.0.0.1, started and stopped: how the demo servers, the
        // replay and the tests' own servers listen.
        .target(
            name: "LoopbackHTTP",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // `journey load`: virtual users running a scenario (journey test files' cases, or a journey
        // walked with answers) by a plan, their statistics, thresholds and reports. No terminal code.
        .target(
            name: "JourneyLoad",
            dependencies: [
                "Orchestrate", "JourneyEngine", "JourneyProfiles", "JourneyTesting",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // An AM-compatible server for demos and tests. Shares no code with the engine.
        .target(
            name: "DemoAM",
            dependencies: [
                "DemoPingOne", "LoopbackHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                // RSA keys for the HTTPS listener's certificate.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                // The demo resource server (/api, /ig) asks the demo AM over HTTP, as a real one would.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // A PingOne environment with DaVinci flows for demos and tests, served beside the demo AM.
        // Shares no code with the clients.
        .target(
            name: "DemoPingOne",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        // `journey serve --replay FILE.har`: a mock AM answering a recorded run's requests with its
        // recorded responses. Shares no code with the clients.
        .target(
            name: "HARReplay",
            dependencies: [
                "LoopbackHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The `journey` command.
        .executableTarget(
            name: "journey",
            dependencies: [
                "Orchestrate", "JourneyEngine", "DaVinci",
                "JourneyProfiles",
                "JourneyTesting",
                "JourneyApp",
                "CursesUI",
                "TerminalKit",
                "DemoAM",
                "DemoPingOne",
                "HARReplay",
                "JourneyLoad",
                "JourneyMaps",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            // A release binary exports no symbols: --static-swift-stdlib asks for all of ours in
            // the dynamic table (54,000), which every start then paid for (the runtime's dladdr
            // scans it). It is linked by lld with its relocations packed (RELR, glibc 2.36 on):
            // 3.7 MB of relocation entries become 30 KB (docs/performance.md).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux], configuration: .release))]
        ),
        // The parsers under fuzzing, one function each, for journey-fuzz and the smoke test.
        .target(
            name: "FuzzTargets",
            dependencies: ["Orchestrate", "JourneyEngine", "JourneyProfiles", "CursesUI", "TerminalKit"]
        ),
        // libFuzzer's driver entry point, declared for journey-fuzz (scripts/fuzz links libFuzzer).
        .target(name: "CLibFuzzer"),
        // `journey-fuzz TARGET`: libFuzzer over one parser (scripts/fuzz); see docs/reliability.md.
        .executableTarget(name: "journey-fuzz", dependencies: ["FuzzTargets", "CLibFuzzer"]),
        // Throughput and latency measurements; see docs/performance.md.
        .executableTarget(
            name: "journey-bench",
            dependencies: ["Orchestrate", "JourneyEngine", "JourneyProfiles", "JourneyApp", "JourneyMaps", "TerminalKit", "DemoAM"],
            path: "Benchmarks/journey-bench"
        ),
        // A demo AM over HTTPS and fixed certificates with their pins, for the TLS tests.
        .target(name: "TLSFixtures", dependencies: [
            "Orchestrate", "DemoAM",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/Support/TLSFixtures"),
        .testTarget(name: "OrchestrateTests", dependencies: ["Orchestrate", "DemoAM", "TLSFixtures"]),
        .testTarget(name: "JourneyEngineTests", dependencies: [
            "Orchestrate", "JourneyEngine",
            "DemoAM", "TLSFixtures", "TestPorts", "LoopbackHTTP",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // A loopback port where nothing listens, for tests of a server that is down.
        .target(name: "TestPorts", path: "Tests/Support/TestPorts"),
        // Snapshot assertions shared by the UI test targets.
        .target(name: "ScreenSnapshots", dependencies: ["TerminalKit"], path: "Tests/Support/ScreenSnapshots"),
        .testTarget(
            name: "RendererTests",
            dependencies: ["Renderer", "Orchestrate", "JourneyEngine", "DaVinci", "TerminalKit", "ScreenSnapshots"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .testTarget(
            name: "JourneyMapsTests",
            dependencies: ["JourneyMaps", "Orchestrate", "TerminalKit", "ScreenSnapshots"],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(name: "JourneyProfilesTests", dependencies: ["JourneyProfiles", "Orchestrate", "JourneyEngine", "DemoAM", "TestPorts"]),
        .testTarget(
            name: "JourneyAppTests",
            dependencies: ["JourneyApp", "Orchestrate", "JourneyEngine", "DaVinci", "JourneyProfiles", "Renderer", "TerminalKit", "JourneyMaps", "DemoAM", "DemoPingOne",
                           "ScreenSnapshots"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "JourneyTestingTests", dependencies: ["JourneyTesting", "JourneyEngine", "Orchestrate", "DemoAM"]),
        .testTarget(name: "CursesUITests", dependencies: ["CursesUI", "TerminalKit"]),
        .testTarget(name: "DemoAMTests", dependencies: [
            "DemoAM",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ], exclude: ["Fixtures"]),
        // An AM whose every string carries terminal escapes and every number an Int64 edge.
        .target(name: "HostileAM", dependencies: [
            "LoopbackHTTP",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/Support/HostileAM"),
        // The JavaScript SDK's e2e mock AM's RecaptchaEnterprise journey, as that mock answers it.
        .target(name: "SDKMockAM", dependencies: [
            "LoopbackHTTP",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/Support/SDKMockAM"),
        .testTarget(name: "HARReplayTests", dependencies: [
            "HARReplay", "DemoAM", "Orchestrate", "JourneyEngine",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "JourneyCommandTests", dependencies: [
            "journey", "DemoAM", "DemoPingOne", "HostileAM", "SDKMockAM", "Orchestrate", "JourneyEngine", "DaVinci", "JourneyProfiles", "JourneyApp", "TestPorts",
            .product(name: "Subprocess", package: "swift-subprocess"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .testTarget(name: "DaVinciTests", dependencies: [
            "DaVinci", "Orchestrate", "DemoAM", "DemoPingOne",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "JourneyLoadTests", dependencies: ["JourneyLoad", "JourneyEngine", "JourneyTesting", "Orchestrate", "DemoAM", "TestPorts"]),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "DemoAM", "Orchestrate", "JourneyEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
