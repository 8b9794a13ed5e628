import Foundation
import Testing
@testable import HearthDiscovery
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The DNS client against a UDP server on loopback that answers the way a broken or hostile
/// server does: every reply is an error or is ignored, and the exchange ends within its deadline.
@Suite("DNS client against hostile servers")
struct HostileDNSServerTests {
    static let deadline = ResolverConfiguration(servers: [], timeout: .milliseconds(600), attempts: 1)

    func ask(_ server: ScriptedDNSServer) async throws(DNSError) -> [DNSResourceRecord] {
        var configuration = Self.deadline
        configuration.servers = [.init(host: "127.0.0.1", port: server.port)]
        return try await DNSClient(configuration: configuration).query(try DNSName("_imaps._tcp.rig.test"), type: .srv)
    }

    /// The query turned into a response (QR, RA set) that carries one SRV answer: port 993, target
    /// "imap" followed by a pointer to the question's name (offset 12), i.e. `imap._imaps._tcp.rig.test`.
    static func answer(to query: [UInt8], flags: (UInt8, UInt8) = (0x81, 0x80)) -> [UInt8] {
        var reply = query
        reply[2] = flags.0; reply[3] = flags.1
        reply[6] = 0; reply[7] = 1
        let rdata: [UInt8] = [0, 0, 0, 1, 0x03, 0xE1, 4] + Array("imap".utf8) + [0xC0, 12]
        return reply + [0xC0, 12, 0, 33, 0, 1, 0, 0, 0, 60, 0, UInt8(rdata.count)] + rdata
    }

    @Test("A spoofed datagram with another id is ignored; the real reply after it is taken")
    func wrongIDIgnored() async throws {
        let server = try ScriptedDNSServer { query in
            var spoof = Self.answer(to: query)
            spoof[0] ^= 0xFF
            return [spoof, Self.answer(to: query)]
        }
        defer { server.stop() }
        let records = try await ask(server)
        #expect(records.map(\.data) == [.srv(priority: 0, weight: 1, port: 993, target: try DNSName("imap._imaps._tcp.rig.test"))])
    }

    @Test("Only replies with another id: a timeout within the deadline, not a hang")
    func onlyWrongIDs() async throws {
        let server = try ScriptedDNSServer { query in
            var spoof = Self.answer(to: query)
            spoof[1] ^= 0x01
            return [spoof]
        }
        defer { server.stop() }
        let started = ContinuousClock.now
        await #expect(throws: DNSError.timedOut(server: "127.0.0.1:\(server.port)")) { try await ask(server) }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test("A truncated reply cut inside its answer is reported as truncated")
    func truncatedMidRecord() async throws {
        let server = try ScriptedDNSServer { query in [Array(Self.answer(to: query, flags: (0x83, 0x80)).dropLast(5))] }
        defer { server.stop() }
        await #expect(throws: DNSError.truncated) { try await ask(server) }
    }

    @Test("Garbage after a matching id is a malformed reply")
    func garbage() async throws {
        let server = try ScriptedDNSServer { query in [Array(query[0..<2]) + [0x81, 0x80, 0, 1, 0, 9, 0xFF]] }
        defer { server.stop() }
        await #expect {
            try await ask(server)
        } throws: { error in
            guard case .malformed = error as? DNSError else { return false }
            return true
        }
    }

    @Test("A reply for another question is refused")
    func otherQuestion() async throws {
        let server = try ScriptedDNSServer { query in
            var reply = Self.answer(to: query)
            reply[13] = UInt8(ascii: "x")   // first letter of "_imaps" in the question
            return [reply]
        }
        defer { server.stop() }
        await #expect(throws: DNSError.mismatchedReply("the reply is for another question")) { try await ask(server) }
    }
}

/// A UDP server on 127.0.0.1 that answers each datagram with what `script` makes of it.
final class ScriptedDNSServer: @unchecked Sendable {
    let port: Int
    private let descriptor: Int32
    private let stopped = NSLock()
    private var isStopped = false

    init(script: @escaping @Sendable ([UInt8]) -> [[UInt8]]) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_DGRAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        descriptor = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        // Wake up now and then to notice `stop()`.
        var wait = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1_500)
            while !self.hasStopped {
                var peer = sockaddr_storage()
                var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
                let count = withUnsafeMutablePointer(to: &peer) { peerPointer in
                    peerPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(fd, &buffer, buffer.count, 0, $0, &peerLength) }
                }
                guard count > 0 else { continue }
                for datagram in script(Array(buffer[0..<count])) {
                    _ = withUnsafePointer(to: &peer) { peerPointer in
                        peerPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, datagram, datagram.count, 0, $0, peerLength) }
                    }
                }
            }
            close(fd)
        }
    }

    private var hasStopped: Bool { stopped.withLock { isStopped } }

    func stop() { stopped.withLock { isStopped = true } }
}
