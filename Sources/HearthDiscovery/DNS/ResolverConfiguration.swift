import Foundation

/// Where DNS questions go: the `nameserver` lines of /etc/resolv.conf (resolv.conf(5)), with its
/// `timeout:` and `attempts:` options, or a server given explicitly (tests point this at a DNS
/// server on loopback; `HEARTH_DNS_SERVER=127.0.0.1:14053` does the same for a whole process).
public struct ResolverConfiguration: Sendable, Hashable {
    public struct Server: Sendable, Hashable, CustomStringConvertible {
        public var host: String
        public var port: Int
        public init(host: String, port: Int = 53) { self.host = host; self.port = port }
        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    public var servers: [Server]
    /// Per attempt, per server.
    public var timeout: Duration
    /// Rounds over the server list.
    public var attempts: Int

    public init(servers: [Server], timeout: Duration = .seconds(2), attempts: Int = 2) {
        self.servers = servers; self.timeout = timeout; self.attempts = max(1, attempts)
    }

    public static let systemPath = "/etc/resolv.conf"
    public static let overrideVariable = "HEARTH_DNS_SERVER"

    /// The process's configuration: `HEARTH_DNS_SERVER` when set, else /etc/resolv.conf.
    public static func system(environment: [String: String] = ProcessInfo.processInfo.environment) -> ResolverConfiguration {
        if let override = environment[overrideVariable], let server = Server(parsing: override) {
            return ResolverConfiguration(servers: [server])
        }
        let text = (try? String(contentsOfFile: systemPath, encoding: .utf8)) ?? ""
        return parse(resolvConf: text)
    }

    /// resolv.conf's text; lines other than `nameserver` and `options` are ignored, as are
    /// malformed values (the C library does the same).
    public static func parse(resolvConf text: String) -> ResolverConfiguration {
        var servers: [Server] = []
        var timeout = 5, attempts = 2
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "#" || $0 == ";" }).first ?? ""
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard let keyword = fields.first else { continue }
            switch keyword {
            case "nameserver" where fields.count >= 2:
                // A link-local IPv6 address carries its zone ("fe80::1%eth0"): kept as written.
                servers.append(Server(host: String(fields[1])))
            case "options":
                for option in fields.dropFirst() {
                    let parts = option.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, let value = Int(parts[1]) else { continue }
                    if parts[0] == "timeout" { timeout = min(max(value, 1), 30) }
                    if parts[0] == "attempts" { attempts = min(max(value, 1), 5) }
                }
            default:
                continue
            }
        }
        return ResolverConfiguration(servers: Array(servers.prefix(3)), timeout: .seconds(timeout), attempts: attempts)
    }
}

extension ResolverConfiguration.Server {
    /// "127.0.0.1", "127.0.0.1:5353", "[::1]:5353" or "::1".
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { self.init(host: host); return }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port) else { return nil }
            self.init(host: host, port: port); return
        }
        let parts = text.split(separator: ":")
        if parts.count == 2 {
            guard let port = Int(parts[1]), (1...65535).contains(port) else { return nil }
            self.init(host: String(parts[0]), port: port)
        } else if !text.isEmpty {
            self.init(host: text)
        } else {
            return nil
        }
    }
}
