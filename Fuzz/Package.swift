// swift-tools-version: 6.0
// libFuzzer targets for Hearth's parsers of untrusted input (issue 17). Kept out of the main
// package: they are built with `-sanitize=fuzzer` and have no `main` of their own (libFuzzer's).
// Run: scripts/fuzz.sh [SECONDS]
import PackageDescription

let package = Package(
    name: "HearthFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Hearth", path: "..")],
    targets: [
        // RFC 5322 / MIME: bytes → ParsedMessage, then every derived view the app reads.
        .executableTarget(name: "FuzzMIME", dependencies: [.product(name: "HearthMIME", package: "Hearth")]),
        // IMAP responses: bytes → IMAPResponse, fed whole and split at a byte chosen by the input.
        .executableTarget(name: "FuzzIMAP", dependencies: [.product(name: "HearthIMAP", package: "Hearth")]),
    ]
)
