import HearthCore
import NIOCore
import NIOPosix

/// "Does HOST:PORT accept a TCP connection?" — how guessed mail hosts are checked before they
/// are offered. Only the connection is opened (no TLS, no bytes sent), then closed; the full
/// sign-in check happens when the account is added.
public struct TCPReachability: ServerReachability {
    private let group: any EventLoopGroup

    public init(group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) { self.group = group }

    public func accepts(host: String, port: Int, timeout: Duration) async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: group)
                .connectTimeout(max(.milliseconds(1), TimeAmount(timeout)))
                .connect(host: host, port: port).get()
            try? await channel.close().get()
            return true
        } catch {
            return false
        }
    }
}
