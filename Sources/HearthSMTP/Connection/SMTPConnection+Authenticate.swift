import HearthMailTransport
extension SMTPConnection {
    /// AUTH (RFC 4954), only over TLS. OAuth credentials need their mechanism offered (no
    /// password fallback); passwords use PLAIN, or LOGIN when PLAIN is missing. The initial
    /// response goes on the AUTH line. A refused OAuth token makes the server send a base64
    /// JSON challenge: it is decoded into the error's `details` and acknowledged as the
    /// mechanism wants, so the server ends with its 535.
    public func authenticate(_ credentials: SMTPCredentials) async throws {
        guard isTLSActive else { throw SMTPError.credentialsRequireTLS }
        guard !isAuthenticated else { throw SMTPError.protocolViolation("already authenticated") }
        switch credentials {
        case .xoauth2(let user, let token):
            try require("XOAUTH2")
            try await saslExchange("XOAUTH2", SASL.xoauth2(user: user, token: token))
        case .oauthBearer(let user, let token, let host, let port):
            try require("OAUTHBEARER")
            try await saslExchange("OAUTHBEARER", SASL.oauthBearer(user: user, token: token, host: host, port: port))
        case .plain(let user, let password):
            if capabilities.supportsAuth("PLAIN") {
                try await saslExchange("PLAIN", SASL.plain(user: user, password: password))
            } else if capabilities.supportsAuth("LOGIN") {
                try await login(user: user, password: password)
            } else {
                throw SMTPError.mechanismUnavailable("the server offers neither AUTH PLAIN nor AUTH LOGIN (it offers \(capabilities.authMechanisms.sorted().joined(separator: ", ")))")
            }
        }
        markAuthenticated()
        logger.debug("authenticated as \(credentials)")
    }

    private func require(_ mechanism: String) throws {
        guard capabilities.supportsAuth(mechanism) else {
            throw SMTPError.mechanismUnavailable("the server does not offer AUTH \(mechanism) (it offers \(capabilities.authMechanisms.sorted().joined(separator: ", ")))")
        }
    }

    private func saslExchange(_ mechanism: String, _ payload: SASLResponse) async throws {
        var reply = try await exchange(.auth(mechanism: mechanism, initialResponse: payload), stage: .auth)
        var details: String?
        var rounds = 0
        while reply.code == 334 {
            rounds += 1
            guard rounds <= 2 else { throw fail(.protocolViolation("endless AUTH \(mechanism) challenges")) }
            let challenge = reply.text
            if challenge.isEmpty && rounds == 1 {
                // Some servers ignore the initial response and ask for it.
                reply = try await exchange(.authResponse(payload), stage: .auth)
            } else {
                details = SASL.decodeChallenge(challenge)
                reply = try await exchange(.authResponse(SASL.errorAcknowledgement(mechanism: mechanism)), stage: .auth)
            }
        }
        try check(reply, details: details)
    }

    /// AUTH LOGIN: the server asks for the user name, then the password (base64 both).
    private func login(user: String, password: String) async throws {
        var reply = try await exchange(.auth(mechanism: "LOGIN", initialResponse: nil), stage: .auth)
        guard reply.code == 334 else { return try check(reply, details: nil) }
        reply = try await exchange(.authResponse(SASLResponse(bytes: Array(user.utf8))), stage: .auth)
        guard reply.code == 334 else { return try check(reply, details: nil) }
        reply = try await exchange(.authResponse(SASLResponse(bytes: Array(password.utf8))), stage: .auth)
        try check(reply, details: nil)
    }

    private func check(_ reply: SMTPReply, details: String?) throws {
        guard reply.code == 235 else {
            logger.info("authentication rejected: \(reply)")
            throw SMTPError.authenticationFailed(reply: reply, details: details)
        }
    }
}
