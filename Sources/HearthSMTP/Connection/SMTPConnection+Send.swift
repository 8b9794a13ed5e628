import Foundation

/// The outcome of one accepted submission.
public struct SMTPSubmissionReceipt: Sendable, Hashable {
    /// The server's reply to the end of DATA (often carries its queue id).
    public var reply: SMTPReply
    public var recipients: [String]
    public var bytes: Int
}

extension SMTPConnection {
    /// One mail transaction: MAIL FROM, RCPT TO for every recipient, DATA, the message.
    ///
    /// - SIZE: a message over the advertised limit fails before anything is sent; otherwise
    ///   `SIZE=` is declared. 8-bit content is declared with BODY=8BITMIME (and refused
    ///   locally when the server lacks it); non-ASCII addresses need SMTPUTF8.
    /// - PIPELINING (RFC 2920): MAIL and all RCPTs go in one write; DATA is only sent after
    ///   every RCPT was accepted. So a refused recipient means nothing was sent to anyone
    ///   (RSET, `recipientsRejected`), and a retry can never duplicate the message.
    /// After a refused transaction the connection stays usable.
    @discardableResult
    public func send(_ message: Data, from sender: String, to recipients: [String]) async throws -> SMTPSubmissionReceipt {
        guard isAuthenticated || !capabilities.contains("AUTH") else {
            throw SMTPError.protocolViolation("send before authenticate")
        }
        guard SMTPCommandEncoder.isSafePath(sender) else { throw SMTPError.invalidAddress(sender) }
        if let bad = recipients.first(where: { !SMTPCommandEncoder.isSafePath($0) }) { throw SMTPError.invalidAddress(bad) }
        guard !recipients.isEmpty else { throw SMTPError.invalidAddress("(no recipient)") }

        var parameters: [MailParameter] = []
        let needsUTF8 = ([sender] + recipients).contains { $0.utf8.contains { $0 >= 0x80 } }
        if needsUTF8 {
            guard capabilities.smtpUTF8 else {
                throw SMTPError.extensionRequired("an address is not ASCII and the server does not offer SMTPUTF8")
            }
            parameters.append(.smtpUTF8)
        }
        if message.contains(where: { $0 >= 0x80 }) {
            if capabilities.eightBitMIME {
                parameters.append(.body8BitMIME)
            } else if !needsUTF8 {
                throw SMTPError.extensionRequired("the message has 8-bit content and the server does not offer 8BITMIME")
            }
        }
        if let limit = capabilities.sizeLimit, message.count > limit {
            throw SMTPError.messageTooLarge(size: message.count, limit: limit)
        }
        if capabilities.offersSize { parameters.append(.size(message.count)) }

        let envelope: [(SMTPCommand, SMTPStage)] = [(.mail(from: sender, parameters: parameters), .mailFrom)]
            + recipients.map { (.rcpt(to: $0), .rcptTo) }
        var replies: [SMTPReply] = []
        if capabilities.pipelining {
            replies = try await pipeline(envelope)
        } else {
            for (command, stage) in envelope {
                let reply = try await exchange(command, stage: stage)
                replies.append(reply)
                if stage == .mailFrom && !reply.isSuccess { break }
            }
        }
        let mailReply = replies[0]
        guard mailReply.isSuccess else {
            try await resetTransaction()
            if mailReply.enhanced?.isSizeProblem == true, let limit = capabilities.sizeLimit {
                throw SMTPError.messageTooLarge(size: message.count, limit: limit)
            }
            throw SMTPError.rejected(stage: .mailFrom, reply: mailReply)
        }
        let rejections = zip(recipients, replies.dropFirst()).filter { !$0.1.isSuccess }
            .map { RecipientRejection(address: $0.0, reply: $0.1) }
        guard rejections.isEmpty else {
            try await resetTransaction()
            throw SMTPError.recipientsRejected(rejections)
        }

        let dataReply = try await exchange(.data, stage: .data)
        guard dataReply.code == 354 else {
            try await resetTransaction()
            throw SMTPError.rejected(stage: .data, reply: dataReply)
        }
        let wire = DataEncoder.encode(message)
        logger.debug("C: <message, \(message.count) bytes>")
        try await writeBytes(wire, stage: .message)
        let final = try await nextReply(stage: .message, timeout: configuration.dataCompletionTimeout)
        logger.debug("S: \(final)")
        guard final.isSuccess else { throw SMTPError.rejected(stage: .message, reply: final) }
        return SMTPSubmissionReceipt(reply: final, recipients: recipients, bytes: message.count)
    }

    /// RSET after a refused transaction, so the next one starts clean.
    private func resetTransaction() async throws {
        _ = try await exchange(.rset, stage: .mailFrom)
    }
}
