import Testing
@testable import HearthSecurity

/// libsecret is opened on the first keyring operation (CSecretLoader), not linked: a missing
/// library, or one without a function Hearth calls, is a reason the keyring is unavailable
/// (`SecretStores` then chooses the encrypted file), never a crash.
@Suite struct SecretLibraryTests {
    @Test func aMissingLibraryIsAReasonNotACrash() throws {
        let problem = try #require(SecretServiceStore.libraryProblem(library: "/nonexistent/hearth/libsecret-1.so.0"))
        #expect(problem.contains("libsecret could not be loaded"))
        #expect(problem.contains("/nonexistent/hearth/libsecret-1.so.0"), "\(problem)")
    }

    /// zlib: a real shared library on every machine Hearth runs on, without libsecret in it.
    @Test func aLibraryWithoutLibsecretsFunctionsNamesOne() throws {
        let problem = try #require(SecretServiceStore.libraryProblem(library: "libz.so.1"))
        #expect(problem.contains("secret_schema_newv"), "\(problem)")
    }

    /// The installed libsecret (libsecret-1-dev, scripts/setup-system.sh) opens.
    @Test func theInstalledLibraryOpens() {
        #expect(SecretServiceStore.libraryProblem() == nil)
    }
}
