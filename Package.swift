// swift-tools-version: 6.0
// Hearth: a privacy-first mail engine. Layers are visible as modules: HearthCore is the domain
// (Foundation only); every other library module is an adapter that depends on it.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

// The release `hearth` on Linux carries the Swift runtime and Foundation inside it: no dynamic
// symbol resolution against 14 Swift shared libraries at every start, which a short-lived
// `hearth search` pays before its first line of code (docs/search.md "Per process"). lld, the
// toolchain's linker, because it resolves the static Foundation libraries in any order.
// Debug builds, where the tests run, stay dynamic (a release build of the test bundles, which
// link the `hearth` module, would get these flags too: not tried).
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-use-ld=lld", "-lFoundationInternationalization", "-lFoundationEssentials",
                  "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections"],
                 .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "Hearth",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "hearth", targets: ["hearth"]),
        .executable(name: "hearth-bench", targets: ["hearth-bench"]),
        .library(name: "HearthCore", targets: ["HearthCore"]),
        // The parsers of untrusted input, for the libFuzzer targets in Fuzz/ (scripts/fuzz.sh).
        .library(name: "HearthMIME", targets: ["HearthMIME"]),
        .library(name: "HearthIMAP", targets: ["HearthIMAP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // Domain: models, enums, repository protocols, use cases. Foundation only.
        .target(name: "HearthCore", swiftSettings: strict),
        // RFC 5322 / MIME parsing.
        .target(name: "HearthMIME", dependencies: ["HearthCore"], swiftSettings: strict),
        // JWZ / RFC 5256 threading and incremental thread assignment.
        .target(name: "HearthThreading", dependencies: ["HearthCore"], swiftSettings: strict),
        // SQLite store through GRDB.
        .target(name: "HearthStore", dependencies: [
            "HearthCore", "HearthThreading", "CFTS5Snippet",
            .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: strict),
        // mbox / Maildir readers.
        .target(name: "HearthMailbox", dependencies: [
            "HearthCore", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], swiftSettings: strict),
        // What the IMAP and SMTP connections share: opening the channel, the TLS policy and its
        // error mapping, SASL messages and credentials, the reply inbox with deadlines.
        .target(name: "HearthMailTransport", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOTLS", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ], swiftSettings: strict),
        // IMAP protocol grammar and client (SwiftNIO + NIOSSL).
        .target(name: "HearthIMAP", dependencies: [
            "HearthCore", "HearthMailTransport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // Sync engine: IMAP ⇄ store (folders, initial and incremental sync, actions, IDLE).
        .target(name: "HearthSync", dependencies: [
            "HearthCore", "HearthIMAP", "HearthMIME",
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // Local search: FTS5 keyword index, query parser, vector index, rank fusion (issue 4).
        .target(name: "HearthSearch", dependencies: [
            "HearthCore", "HearthStore",
            .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: strict),
        // SMTP submission client (SwiftNIO + NIOSSL), the protocol as types (issue 5).
        .target(name: "HearthSMTP", dependencies: [
            "HearthCore", "HearthMailTransport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // Outbox, undo-send, drafts: the send pipeline over SMTP and IMAP (issue 5).
        .target(name: "HearthOutbox", dependencies: [
            "HearthCore", "HearthMIME", "HearthSMTP", "HearthIMAP",
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // Gumbo, the HTML5 parser (Debian libgumbo-dev), for the sanitizer.
        .systemLibrary(name: "CGumbo", path: "Sources/CGumbo", pkgConfig: "gumbo", providers: [.apt(["libgumbo-dev"])]),
        // Safe rendering: HTML sanitizer, remote content and tracker blocking, attachment safety (issue 6).
        .target(name: "HearthSafety", dependencies: ["HearthCore", "CGumbo"], swiftSettings: strict),
        // llama.cpp's C API (built by scripts/setup-llama.sh into /opt/llama.cpp): its headers
        // only; CLlamaLoader opens the library when AI is first used, so a `hearth` process that
        // runs no model never loads it (scripts/pkgconfig, docs/search.md "Per-process latency").
        .systemLibrary(name: "CLlama", path: "Sources/CLlama", pkgConfig: "hearth-llama-headers"),
        // dlopen on first use with one forwarding definition per function (llama.cpp, libsecret).
        .target(name: "CDynamicLibrary"),
        .target(name: "CLlamaLoader", dependencies: ["CLlama", "CDynamicLibrary"]),
        // mmap without MAP_POPULATE around llama.cpp's model load (the load's memory peak; docs/ai.md).
        .target(name: "CLazyMapping"),
        // hearth_snippet(): FTS5's snippet() in linear time (registered on every connection).
        .target(name: "CFTS5Snippet", linkerSettings: [.linkedLibrary("sqlite3")]),
        // On-device AI: model manager, embeddings, categorization, summaries, smart replies (issue 7).
        .target(name: "HearthAI", dependencies: [
            "HearthCore", "CLlama", "CLlamaLoader", "CLazyMapping",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // libsecret (freedesktop Secret Service over D-Bus), behind HearthSecurity's SecretStore.
        // Headers only, as for llama.cpp: CSecretLoader opens libsecret when a keyring is first used.
        .systemLibrary(name: "CLibSecret", path: "Sources/CLibSecret", pkgConfig: "hearth-libsecret-headers", providers: [.apt(["libsecret-1-dev"])]),
        .target(name: "CSecretLoader", dependencies: ["CLibSecret", "CDynamicLibrary"]),
        // Accounts and privacy: secret storage, OAuth 2.0 PKCE, app lock (issue 9).
        .target(name: "HearthSecurity", dependencies: [
            "HearthCore", "CLibSecret", "CSecretLoader",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // The local web app on 127.0.0.1 (Hummingbird), the second presentation layer (issue 8).
        .target(name: "HearthWeb", dependencies: [
            "HearthCore", "HearthStore", "HearthMIME", "HearthSearch", "HearthSafety", "HearthSync", "HearthOutbox", "HearthAI", "HearthSecurity",
            "HearthApp",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ],
        // Front-end code as files: the script and stylesheet (static/) and the page templates
        // (templates/, Mustache), copied next to the binary as the module's resource bundle.
        resources: [.copy("Resources/static"), .copy("Resources/templates")],
        swiftSettings: strict),
        // Mail settings from an address: provider table, DNS SRV/MX over a small UDP DNS client, host probes.
        .target(name: "HearthDiscovery", dependencies: [
            "HearthCore",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ], swiftSettings: strict),
        // Running child programs safely (posix_spawn + wait4, output to files, deadlines).
        .target(name: "HearthProcess", swiftSettings: strict),
        // The application layer: every user-facing operation (use cases) and the platform-neutral
        // screen state, written once and called by the CLI, the web app and later SwiftUI.
        .target(name: "HearthApp", dependencies: [
            "HearthCore", "HearthMIME", "HearthStore", "HearthIMAP", "HearthMailTransport", "HearthSMTP", "HearthSync",
            "HearthOutbox", "HearthSearch", "HearthSafety", "HearthAI", "HearthSecurity", "HearthProcess", "HearthDiscovery", "HearthMailbox",
        ], swiftSettings: strict),
        // The command line: wiring of adapters into use cases, presentation as text/JSON.
        .target(name: "HearthCLI", dependencies: [
            "HearthCore", "HearthMIME", "HearthThreading", "HearthStore", "HearthMailbox", "HearthSync", "HearthIMAP",
            "HearthSearch", "HearthSMTP", "HearthOutbox", "HearthSafety", "HearthAI", "HearthSecurity", "HearthWeb",
            "HearthProcess", "HearthDiscovery", "HearthApp",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strict),
        .executableTarget(name: "hearth", dependencies: ["HearthCLI"], swiftSettings: strict, linkerSettings: staticSwiftRuntime),
        // Benchmarks, evaluation sets and mail-rig helpers: a developer tool, not in the product binary.
        .target(name: "HearthBench", dependencies: [
            "HearthCLI", "HearthCore", "HearthMIME", "HearthStore", "HearthMailbox", "HearthSync", "HearthIMAP",
            "HearthSearch", "HearthSMTP", "HearthOutbox", "HearthAI", "HearthWeb", "HearthProcess",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: strict),
        .executableTarget(name: "hearth-bench", dependencies: ["HearthBench"], path: "Sources/hearth-bench", swiftSettings: strict),

        // Test-only helpers (corpus location, temporary directories).
        .target(name: "HearthTestSupport", dependencies: [
            "HearthProcess", "HearthCore",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ], path: "Tests/HearthTestSupport"),
        .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore"]),
        .testTarget(name: "HearthMIMETests", dependencies: ["HearthTestSupport", "HearthMIME", "HearthCore"]),
        .testTarget(name: "HearthThreadingTests", dependencies: ["HearthTestSupport", "HearthThreading", "HearthMIME", "HearthMailbox", "HearthCore"]),
        .testTarget(name: "HearthStoreTests", dependencies: ["HearthTestSupport", "HearthStore", "HearthCore", "HearthThreading"]),
        .testTarget(name: "HearthMailboxTests", dependencies: ["HearthTestSupport", "HearthMailbox", "HearthCore"]),
        .testTarget(name: "HearthIMAPTests", dependencies: ["HearthTestSupport", "HearthProcess", "HearthIMAP", "HearthCore"]),
        .testTarget(name: "HearthSyncTests", dependencies: ["HearthTestSupport", "HearthSync", "HearthStore", "HearthIMAP", "HearthMIME", "HearthCore"]),
        .testTarget(name: "HearthSearchTests", dependencies: ["HearthTestSupport", "HearthSearch", "HearthStore", "HearthMIME", "HearthMailbox", "HearthCore"]),
        .testTarget(name: "HearthMailTransportTests", dependencies: [
            "HearthTestSupport", "HearthMailTransport", .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        .testTarget(name: "HearthSMTPTests", dependencies: ["HearthTestSupport", "HearthSMTP", "HearthCore"]),
        .testTarget(name: "HearthOutboxTests", dependencies: ["HearthTestSupport", "HearthOutbox", "HearthSMTP", "HearthIMAP", "HearthMIME", "HearthStore", "HearthCore"]),
        .testTarget(name: "HearthSafetyTests", dependencies: ["HearthTestSupport", "HearthSafety", "HearthMIME", "HearthCore"]),
        .testTarget(name: "HearthAITests", dependencies: ["HearthTestSupport", "HearthAI", "HearthCore"],
                    exclude: ["Resources", "Support/range_server.py"]),
        .testTarget(name: "HearthSecurityTests", dependencies: ["HearthTestSupport", "HearthSecurity", "HearthCore"]),
        .testTarget(name: "HearthWebTests", dependencies: ["HearthTestSupport", "HearthProcess", "HearthWeb", "HearthApp", "HearthStore", "HearthSearch", "HearthCore"],
                    exclude: ["js"]),
        .testTarget(name: "HearthDiscoveryTests", dependencies: ["HearthTestSupport", "HearthDiscovery", "HearthCore"]),
        .testTarget(name: "HearthProcessTests", dependencies: ["HearthProcess"]),
        .testTarget(name: "HearthBenchTests", dependencies: ["HearthTestSupport", "HearthProcess", "hearth-bench", "hearth", "HearthBench"]),
        .testTarget(name: "HearthAppTests", dependencies: ["HearthTestSupport", "HearthProcess", "HearthApp", "HearthAI", "HearthStore", "HearthSync", "HearthIMAP", "HearthSMTP", "HearthOutbox", "HearthSecurity", "HearthCore"]),
        .testTarget(name: "HearthCLITests", dependencies: ["HearthTestSupport", "HearthProcess", "hearth", "HearthCLI", "HearthApp", "HearthStore", "HearthCore"]),
    ]
)
