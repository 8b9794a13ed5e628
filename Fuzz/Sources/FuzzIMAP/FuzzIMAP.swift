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
