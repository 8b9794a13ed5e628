import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port where TCP connects never complete: a listening socket with a backlog of 0
/// whose queue is filled by a few connections nobody accepts, so the kernel drops later SYNs as
/// a black-holed host would. For proving the connect deadline without leaving loopback.
public final class UnansweredListener: @unchecked Sendable {
    public let port: Int
    private var descriptors: [Int32] = []

    public init() throws {
        let listener = socket(AF_INET, POSIXSocket.stream, 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        descriptors.append(listener)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 0) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        for _ in 0..<3 {
            let filler = socket(AF_INET, POSIXSocket.stream, 0)
            guard filler >= 0 else { continue }
            _ = fcntl(filler, F_SETFL, O_NONBLOCK)
            descriptors.append(filler)
            var target = Self.loopback(port: port)
            _ = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { POSIXSocket.connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        usleep(200_000)
    }

    deinit { descriptors.forEach { close($0) } }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
