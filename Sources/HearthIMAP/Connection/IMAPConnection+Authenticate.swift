import HearthMailTransport
extension IMAPConnection {
    /// Authenticates. Only over TLS. XOAUTH2 / OAUTHBEARER need the mechanism advertised (no
    /// password fallback for OAuth accounts); passwords use AUTHENTICATE PLAIN, or LOGIN only when
    /// the server lacks AUTH=PLAIN and does not say LOGINDISABLED. Uses SASL-IR when advertised,
    /// else waits for the continuation. A rejected OAuth token yields a base64 JSON challenge,
    /// which is decoded into the error's `details` and acknowledged as RFC 7628 / Google ask.
    /// Capabilities are refreshed afterwards.
    public func authenticate(_ credentials: IMAPCredentials) async throws {
        try await withGate {
            guard isTLSActive else { throw IMAPError.credentialsRequireTLS }
            guard state == .notAuthenticated else {
                throw IMAPError.protocolViolation("authenticate called in state \(state)")
            }
            let mechanism: String?
            let payload: SASLPayload?
            switch credentials {
            case .xoauth2(let user, let token):
                try requireMechanism("XOAUTH2")
                mechanism = "XOAUTH2"
                payload = SASL.xoauth2(user: user, token: token)
            case .oauthBearer(let user, let token, let host, let port):
                try requireMechanism("OAUTHBEARER")
                mechanism = "OAUTHBEARER"
                payload = SASL.oauthBearer(user: user, token: token, host: host, port: port)
            case .plain(let user, let password):
                if capabilities.supportsAuth("PLAIN") {
                    mechanism = "PLAIN"
                    payload = SASL.plain(user: user, password: password)
                } else if !capabilities.contains(.loginDisabled) {
                    mechanism = nil
                    payload = nil
                } else {
                    throw IMAPError.mechanismUnavailable("the server offers neither AUTH=PLAIN nor LOGIN")
                }
            }
            let generationBefore = currentCapabilityGeneration
            var errorDetails: String?
            let status: TaggedStatus
            if let mechanism, let payload {
                let initialResponse = capabilities.contains(.saslIR)
                var payloadSent = initialResponse
                let command = IMAPCommand.authenticate(mechanism: mechanism, initialResponse: initialResponse ? payload : nil)
                let statuses = try await run([command], onContinuation: { challenge in
                    if !payloadSent {
                        payloadSent = true
                        return payload
                    }
                    // A challenge after our credentials is the server's error report.
                    errorDetails = SASL.decodeChallenge(challenge)
                    return SASL.errorAcknowledgement(mechanism: mechanism)
                }, onUntagged: { _, _ in })
                status = statuses[0]
            } else if case .plain(let user, let password) = credentials {
                status = try await run([.login(user: user, password: password)]) { _, _ in }[0]
            } else {
                throw IMAPError.mechanismUnavailable("no mechanism for \(credentials)")
            }
            guard status.state == .ok else {
                logger.info("authentication as \(credentials) rejected: \(status.text)")
                throw IMAPError.authenticationFailed(serverMessage: status.text, code: status.code, details: errorDetails)
            }
            markAuthenticated()
            logger.debug("authenticated as \(credentials)")
            if currentCapabilityGeneration == generationBefore {
                _ = try await run([.capability]) { _, _ in }
            }
        }
    }

    private func requireMechanism(_ mechanism: String) throws {
        guard capabilities.supportsAuth(mechanism) else {
            throw IMAPError.mechanismUnavailable("the server does not offer AUTH=\(mechanism) (it offers \(capabilities.authMechanisms.sorted().joined(separator: ", ")))")
        }
    }
}
