import NIOCore

/// A running IDLE (RFC 2177). `events` yields the untagged responses the server pushes (EXISTS,
/// EXPUNGE, FETCH flag changes, VANISHED, keep-alive OKs). Call `done()` to end it — the
/// connection runs no other command until then. If the connection fails (silence longer than
/// the idle timeout, BYE, drop), `events` ends with that error and the connection is closed.
public struct IMAPIdleSession: Sendable {
    public let events: AsyncThrowingStream<IMAPResponse, any Error>
    let connection: IMAPConnection

    /// Sends DONE and waits for IDLE's completion.
    @discardableResult
    public func done() async throws -> TaggedStatus {
        try await connection.finishIdle()
    }
}

/// The connection's side of a running IDLE.
struct IdleState {
    let tag: String
    let pump: Task<Result<TaggedStatus, IMAPError>, Never>
}

extension IMAPConnection {
    /// Starts IDLE (only when advertised) and returns once the server accepted it.
    public func idle(timeout: Duration? = nil) async throws -> IMAPIdleSession {
        guard capabilities.contains(.idle) else {
            throw IMAPError.mechanismUnavailable("the server does not advertise IDLE; poll with NOOP instead")
        }
        await acquireGate()
        let tag = makeTag()
        let (events, continuation) = AsyncThrowingStream.makeStream(of: IMAPResponse.self)
        do {
            let encoded = IMAPCommandEncoder(capabilities: capabilities).encode(.idle, tag: tag)
            logger.debug("C: \(encoded.logDescription)")
            try await write(encoded.bytes)
            accept: while true {
                let response = try await nextResponse(timeout: configuration.readTimeout, operation: "IDLE")
                switch response {
                case .continuation:
                    break accept
                case .tagged(let status) where status.tag == tag:
                    throw IMAPError.commandFailed(command: "IDLE", state: status.state, code: status.code, text: status.text)
                case .tagged:
                    continue
                default:
                    observe(response)
                    continuation.yield(response)
                }
            }
        } catch {
            continuation.finish(throwing: error)
            if case IMAPError.commandFailed = error {} else {
                shutDown(reason: (error as? IMAPError) ?? .connectionClosed("IDLE aborted"))
            }
            releaseGate()
            throw error
        }
        let inbox = self.inbox
        let eventLoop = channel.eventLoop
        let idleTimeout = timeout ?? configuration.idleTimeout
        let logger = self.logger
        // Inherits the actor's isolation: it only suspends in `inbox.next`, so other actor
        // calls (done()) still get through.
        let pump = Task<Result<TaggedStatus, IMAPError>, Never> {
            while true {
                let response: IMAPResponse
                do {
                    response = try await inbox.next(timeout: idleTimeout, on: eventLoop, operation: "IDLE")
                } catch {
                    let failure = (error as? IMAPError) ?? .connectionClosed("IDLE interrupted: \(error)")
                    continuation.finish(throwing: failure)
                    self.idleFailed(tag: tag, error: failure)
                    return .failure(failure)
                }
                if case .tagged(let status) = response, status.tag == tag {
                    continuation.finish()
                    return .success(status)
                }
                logger.trace("S: \(response.logSummary)")
                self.observe(response)
                continuation.yield(response)
            }
        }
        idleSession = IdleState(tag: tag, pump: pump)
        return IMAPIdleSession(events: events, connection: self)
    }

    /// The pump hit an error: the connection is gone; free the gate so callers do not hang.
    func idleFailed(tag: String, error: IMAPError) {
        guard let idle = idleSession, idle.tag == tag else { return }
        idleSession = nil
        shutDown(reason: error)
        releaseGate()
    }

    func finishIdle() async throws -> TaggedStatus {
        guard let idle = idleSession else {
            throw IMAPError.connectionClosed("IDLE is not running (it ended with an error, or done() was called twice)")
        }
        logger.debug("C: DONE")
        try? await write(IMAPCommandEncoder.done)
        let result = await idle.pump.value
        guard let current = idleSession, current.tag == idle.tag else {
            // idleFailed already cleaned up and released the gate.
            if case .failure(let error) = result { throw error }
            throw IMAPError.connectionClosed("IDLE ended")
        }
        idleSession = nil
        releaseGate()
        switch result {
        case .success(let status):
            return try Self.checked(status, .idle)
        case .failure(let error):
            shutDown(reason: error)
            throw error
        }
    }
}
