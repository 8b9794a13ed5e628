import Foundation
import HearthCore
import HearthMIME

/// One libFuzzer input: a raw message. Parsing may reject it with a typed error, never crash,
/// hang or exceed the parser's limits; a parsed message must survive being mapped to the
/// domain's `Email` and threading key the way import and sync map it, and every attachment must
/// decode (or fail with a typed error).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIME(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let raw = Data(bytes: start, count: count)
    let parser = MIMEParser(keepAttachmentContent: true)
    guard let parsed = try? parser.parse(raw) else { return 0 }
    let email = MessageMapping.email(from: parsed, account: AccountID(1), received: nil, flags: [])
    _ = MessageMapping.threadingKey(for: email, signalHeaders: CategorizationHeaders.pick(parsed.headers))
    // Opening an attachment re-parses the raw message and decodes one part (the web app's and
    // the CLI's attachment paths).
    for attachment in parsed.attachments.prefix(4) {
        _ = try? MIMEParser.partContent(raw: raw, partPath: attachment.partPath)
    }
    return 0
}

// SwiftPM links an executable target's entry point as `FuzzMIME_main` (so that tests could
// import the target) and points `main` at it; libFuzzer's own `main` is then never used, so
// this entry hands the command line to libFuzzer's driver with the function above.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("FuzzMIME_main")
public func fuzzMIMEMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzMIME(UnsafeRawPointer(data), size)
    }
}
