import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthSafety

@Suite struct AttachmentSafetyTests {
    @Test(arguments: [
        ("setup.exe", AttachmentWarning.Kind.windowsExecutable, "This file is a Windows executable."),
        ("run.BAT", .windowsExecutable, "This file is a Windows executable."),
        ("Installer.msi", .windowsExecutable, "This file is a Windows executable."),
        ("tool.command", .macExecutable, "This file can run code on your Mac."),
        ("x.dmg", .macExecutable, "This file can run code on your Mac."),
        ("build.sh", .macExecutable, "This file can run code on your Mac."),
        ("a.js", .script, "This file is a script that can run code."),
        ("screensaver.scr", .script, "This file is a script that can run code."),
        ("photos.zip", .archive, "This archive may contain executable files."),
        ("src.tar.gz", .archive, "This archive may contain executable files."),
        ("data.7z", .archive, "This archive may contain executable files."),
    ])
    func specWarningTable(_ name: String, _ kind: AttachmentWarning.Kind, _ message: String) {
        let assessment = AttachmentSafety.assess(filename: name, mimeType: "application/octet-stream")
        #expect(assessment.warnings.first == AttachmentWarning(kind: kind, message: message))
        #expect(assessment.requiresConfirmation && assessment.preview == nil)
    }

    @Test func doubleExtensionsAndHiddenCharacters() {
        let double = AttachmentSafety.assess(filename: "invoice.pdf.exe", mimeType: "application/pdf")
        #expect(double.warnings.map(\.kind).contains(.doubleExtension))
        #expect(double.warnings.map(\.kind).contains(.windowsExecutable))
        let spaced = AttachmentSafety.assess(filename: "report.docx        .js", mimeType: "application/octet-stream")
        #expect(spaced.warnings.map(\.kind) == [.script, .doubleExtension])
        // "invoice<RLO>fdp.exe" is displayed by bidi-aware UIs as "invoiceexe.pdf".
        let bidi = AttachmentSafety.assess(filename: "invoice\u{202E}fdp.exe", mimeType: "application/pdf")
        #expect(bidi.displayName == "invoicefdp.exe")
        #expect(bidi.warnings.first?.kind == .misleadingName)
        #expect(bidi.warnings.map(\.kind).contains(.windowsExecutable))
        #expect(AttachmentSafety.assess(filename: "a.exe.", mimeType: "").fileExtension == "exe")
        #expect(AttachmentSafety.displayName("../../etc/passwd") == "_.._etc_passwd")
    }

    @Test func typeMismatch() {
        let mismatch = AttachmentSafety.assess(filename: "holiday.jpg", mimeType: "application/x-msdownload")
        #expect(mismatch.warnings.map(\.kind) == [.typeMismatch])
        let pdfAsHTML = AttachmentSafety.assess(filename: "statement.pdf", mimeType: "text/html")
        #expect(pdfAsHTML.warnings.map(\.kind) == [.typeMismatch] && pdfAsHTML.preview == nil)
        let fine = AttachmentSafety.assess(filename: "holiday.JPG", mimeType: "image/jpeg; name=holiday.JPG")
        #expect(fine.warnings.isEmpty && fine.preview == .image)
        #expect(AttachmentSafety.assess(filename: "doc.pdf", mimeType: "application/octet-stream").preview == .pdf)
        #expect(AttachmentSafety.assess(filename: "logo.svg", mimeType: "image/svg+xml").preview == nil, "SVG is a document, never previewed")
    }

    @Test func previewOnlyWhenTheBytesAgree() {
        #expect(AttachmentSafety.sniffPreviewType(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]))?.mimeType == "image/png")
        #expect(AttachmentSafety.sniffPreviewType(Data("%PDF-1.7\n".utf8))?.kind == .pdf)
        #expect(AttachmentSafety.sniffPreviewType(Data("<html><script>alert(1)</script>".utf8)) == nil)
        let headers = Dictionary(uniqueKeysWithValues: AttachmentSafety.previewHeaders(displayName: "Ünïcode \"q\".png", sniffedType: "image/png").map { ($0.name, $0.value) })
        #expect(headers["X-Content-Type-Options"] == "nosniff")
        #expect(headers["Content-Disposition"] == "inline; filename=\"_n_code _q_.png\"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22q%22.png")
        #expect(headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
        let download = Dictionary(uniqueKeysWithValues: AttachmentSafety.downloadHeaders(displayName: "a.exe").map { ($0.name, $0.value) })
        #expect(download["Content-Type"] == "application/octet-stream" && download["Content-Disposition"]?.hasPrefix("attachment;") == true)
    }
}

@Suite struct AttachmentCacheTests {
    @Test func evictsLeastRecentlyUsedPerAccount() throws {
        let dir = try Corpora.temporaryDirectory("hearth-attachment-cache")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = AttachmentCache(dataDirectory: dir, budgetBytes: 2_500)
        let alice = AccountID(1), bob = AccountID(2)
        let kilobyte = Data(repeating: 7, count: 1_000)
        let first = try cache.store(kilobyte, attachment: AttachmentID(1), account: alice)
        try cache.store(kilobyte, attachment: AttachmentID(2), account: alice)
        try cache.store(kilobyte, attachment: AttachmentID(3), account: bob)
        // Make attachment 1 the most recent by reading it (with a visible time gap).
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)],
                                              ofItemAtPath: cache.fileURL(AttachmentID(2), account: alice).path)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: first.path)
        #expect(cache.file(for: AttachmentID(1), account: alice) != nil)
        try cache.store(kilobyte, attachment: AttachmentID(4), account: alice)
        #expect(cache.file(for: AttachmentID(2), account: alice) == nil, "the least recently used is evicted")
        #expect(cache.file(for: AttachmentID(1), account: alice) != nil)
        #expect(cache.file(for: AttachmentID(4), account: alice) != nil)
        #expect(cache.usage(account: alice) == 2_000)
        #expect(cache.file(for: AttachmentID(3), account: bob) != nil, "budgets are per account")
        let attributes = try FileManager.default.attributesOfItem(atPath: first.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "never executable, never readable by others")
        #expect(first.path.hasPrefix(dir.appendingPathComponent("attachments/1").path))
        #expect(throws: AttachmentCache.CacheError.self) { try cache.store(Data(count: 3_000), attachment: AttachmentID(9), account: alice) }
        try cache.removeAll(account: alice)
        #expect(cache.usage(account: alice) == 0 && cache.usage(account: bob) == 1_000)
        #expect(AttachmentCache.defaultBudgetBytes == 500_000_000)
    }

    @Test("storing names what it evicted, so the store can forget those downloads")
    func reportsEvictions() throws {
        let dir = try Corpora.temporaryDirectory("hearth-attachment-cache")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = AttachmentCache(dataDirectory: dir, budgetBytes: 2_000)
        let account = AccountID(5)
        let kilobyte = Data(repeating: 1, count: 1_000)
        #expect(try cache.storeReportingEvictions(kilobyte, attachment: AttachmentID(10), account: account).evicted.isEmpty)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)],
                                              ofItemAtPath: cache.fileURL(AttachmentID(10), account: account).path)
        #expect(try cache.storeReportingEvictions(kilobyte, attachment: AttachmentID(11), account: account).evicted.isEmpty)
        let third = try cache.storeReportingEvictions(kilobyte, attachment: AttachmentID(12), account: account)
        #expect(third.evicted == [AttachmentID(10)])
        #expect(cache.file(for: AttachmentID(10), account: account) == nil)
        #expect(FileManager.default.contents(atPath: third.url.path) == kilobyte)
    }
}
