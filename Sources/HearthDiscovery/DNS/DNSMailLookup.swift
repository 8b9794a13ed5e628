import HearthCore

/// `MailDNSLookup` over `DNSClient`: SRV and MX answers turned into the domain's terms.
public struct DNSMailLookup: MailDNSLookup {
    public let client: DNSClient

    public init(client: DNSClient = DNSClient()) { self.client = client }

    public func serviceRecords(_ name: String) async throws(MailDiscoveryError) -> [ServiceRecord] {
        let records = try await ask(name, .srv)
        return records.compactMap { record in
            guard case .srv(let priority, let weight, let port, let target) = record.data, !target.labels.isEmpty else { return nil }
            return ServiceRecord(priority: priority, weight: weight, port: port, target: target.description)
        }
    }

    public func mailExchangers(_ domain: String) async throws(MailDiscoveryError) -> [String] {
        let records = try await ask(domain, .mx)
        return records.compactMap { record -> (UInt16, String)? in
            guard case .mx(let preference, let exchange) = record.data, !exchange.labels.isEmpty else { return nil }
            return (preference, exchange.description.lowercased())
        }
        .sorted { $0 < $1 }
        .map(\.1)
    }

    private func ask(_ name: String, _ type: DNSRecordType) async throws(MailDiscoveryError) -> [DNSResourceRecord] {
        do {
            return try await client.query(try DNSName(name), type: type)
        } catch {
            throw .dnsUnavailable(error.description)
        }
    }
}
