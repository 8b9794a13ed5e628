import HearthTestSupport

/// A well-behaved server script with hooks to misbehave at one step.
struct SMTPScript: Sendable {
    var greeting: [ScriptedTLSServer.Action] = [.reply(["220 scripted.test ESMTP"])]
    var ehlo: [String] = ["250-scripted.test", "250-PIPELINING", "250-SIZE 100000", "250-8BITMIME",
                          "250-ENHANCEDSTATUSCODES", "250 AUTH PLAIN XOAUTH2"]
    var auth: [ScriptedTLSServer.Action] = [.reply(["235 2.7.0 Accepted"])]
    var rcpt: @Sendable (String) -> [ScriptedTLSServer.Action] = { _ in [.reply(["250 2.1.5 OK"])] }
    var afterMessage: [ScriptedTLSServer.Action] = [.reply(["250 2.0.0 queued as X1"])]

    func respond(_ event: ScriptedTLSServer.Event) -> [ScriptedTLSServer.Action] {
        switch event {
        case .connected: return greeting
        case .message: return afterMessage
        case .command(let line):
            let upper = line.uppercased()
            if upper.hasPrefix("EHLO") { return [.reply(ehlo)] }
            if upper.hasPrefix("STARTTLS") { return [.startTLS] }
            if upper.hasPrefix("AUTH") { return auth }
            if upper.hasPrefix("MAIL FROM") { return [.reply(["250 2.1.0 OK"])] }
            if upper.hasPrefix("RCPT TO") { return rcpt(line) }
            if upper == "DATA" { return [.reply(["354 End data with <CR><LF>.<CR><LF>"])] }
            if upper == "RSET" { return [.reply(["250 2.0.0 OK"])] }
            if upper == "QUIT" { return [.reply(["221 2.0.0 Bye"]), .close] }
            return [.reply(["502 5.5.2 Unknown command"])]
        }
    }
}
