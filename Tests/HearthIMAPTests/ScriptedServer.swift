import HearthTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-connection plaintext IMAP server on loopback that follows a script, for the
/// misbehaviours a real server will not produce on demand (dropped STARTTLS, injected data,
/// silence). It only ever speaks before TLS.
final class ScriptedServer: @unchecked Sendable {
    let port: Int
    private let listenFD: Int32

    init(_ script: @escaping @Sendable (ScriptedPeer) -> Void) throws {
        let fd = socket(AF_INET, POSIXSocket.stream, 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 1) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listenFD = fd
        let thread = Thread {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            let peer = ScriptedPeer(fd: client)
            script(peer)
            peer.drainAndClose()
        }
        thread.start()
    }

    deinit { close(listenFD) }
}

final class ScriptedPeer: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { POSIXSocket.send(fd, $0.baseAddress, $0.count) }
    }

    /// The next line without CRLF, or nil at EOF.
    func readLine() -> String? {
        while true {
            if let lf = buffer.firstIndex(of: 10) {
                let line = buffer[..<lf]
                buffer.removeFirst(lf + 1)
                return String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }

    /// The tag of the next command, after checking its verb.
    func expectCommand(_ verb: String) -> String? {
        guard let line = readLine() else { return nil }
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[1].uppercased() == verb else { return nil }
        return String(parts[0])
    }

    /// Waits for the client to hang up (bounded), then closes.
    func drainAndClose() {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while readLine() != nil {}
        close(fd)
    }
}
