import ArgumentParser
import Foundation
import HearthCore
import HearthSecurity
import HearthWeb
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hearth serve [--port N] [--no-open]`: the web app on 127.0.0.1. Prints the address to open
/// (it carries a secret that is new at every start), keeps IDLE push running for every
/// account, and stops on Ctrl-C / SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web app on 127.0.0.1 and print its address.",
        discussion: """
            Only this computer can reach it, and only a browser that opened the printed address (it sets a \
            session cookie). The address changes at every start. docs/web.md describes the security model.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Port on 127.0.0.1 (0: any free port).") var port: Int = 8025
    @Flag(help: "Do not open the browser.") var noOpen = false
    @Flag(help: "Do not keep IDLE connections open for new mail (sync only on request).") var noWatch = false

    func run() async throws {
        try await reportingErrors(json: global.json) {
            guard (0...65535).contains(port) else { throw CLIError.invalidInput("--port must be 0…65535") }
            let engine = try Engine.open(global, creating: true)
            let app = WebApp(store: engine.store, dataDirectory: engine.dataDirectory,
                             services: ServeWiring.services(engine, watch: !noWatch))
            let server = WebServer(app: app)
            let url: String
            do {
                url = try await server.start(port: port)
            } catch {
                throw CLIError.unavailable("\(error)\(port != 0 ? " (another program uses the port? try --port 0)" : "")")
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("serve", ServeJSON(url: url, port: server.port)))
            } else {
                StandardStreams.out(url)
                StandardStreams.err("hearth: the web app is running; open the address above (Ctrl-C stops it)")
            }
            if !noOpen, let link = URL(string: url) {
                do { try SystemBrowser.open(link, environment: ProcessInfo.processInfo.environment) }
                catch { StandardStreams.err("hearth: could not open a browser (\(error)); open the address yourself") }
            }
            await ServeWiring.waitForTermination()
            StandardStreams.err("hearth: stopping")
            await server.stop()
        }
    }
}

struct ServeJSON: Encodable {
    let url: String
    let port: Int
}
