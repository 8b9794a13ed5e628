import HearthIMAP

/// One libFuzzer input: bytes a server might send. The parser must never crash or hang, and
/// must not depend on how the bytes were cut into reads: fed whole or in two pieces at a point
/// the input chooses, it yields the same responses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIMAP(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var whole = IMAPResponseParser()
    let all = whole.feed(bytes)
    guard let first = bytes.first else { return 0 }
    let cut = Int(first) % (bytes.count + 1)
    var split = IMAPResponseParser()
    let pieces = split.feed(bytes[..<cut]) + split.feed(bytes[cut...])
    precondition(all == pieces, "responses differ when the input is split at \(cut)")
    return 0
}

// SwiftPM links an executable target's entry point as `FuzzIMAP_main` (so that tests could
// import the target) and points `main` at it; libFuzzer's own `main` is then never used, so
// this entry hands the command line to libFuzzer's driver with the function above.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@_cdecl("FuzzIMAP_main")
public func fuzzIMAPMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzIMAP(UnsafeRawPointer(data), size)
    }
}
