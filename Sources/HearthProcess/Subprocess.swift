import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion with `posix_spawn` and `wait4`, for the CLI's benchmarks and
/// rig tools and for the tests.
///
/// Why not Foundation's `Process`: on Linux its `waitUntilExit` waits for a descriptor it hands
/// the child to be closed, so a program that leaves a daemon behind (the rig's `up` and
/// `proxy start`) made it wait forever — that hung a whole CI run. Here the exit is observed with
/// `wait4` on the child's pid alone, output goes to files (never a pipe a daemon could hold), every
/// descriptor above 2 is closed in the child, and a deadline kills a child that does not finish.
public enum Subprocess {
    /// How a finished child ended, and what it cost.
    public struct Outcome: Sendable {
        /// The exit code, or 128 + signal number when a signal ended it.
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var seconds: Double
        /// The child's own peak resident set size (`ru_maxrss` of `wait4`).
        public var peakRSSBytes: Int64
        /// True when the deadline passed and the child was killed.
        public var timedOut: Bool
    }

    /// Where a child's output goes.
    public enum Output: Sendable {
        /// Captured through a temporary file and returned in the outcome.
        case capture
        /// Thrown away (`/dev/null`): for benchmarks, where writing costs time.
        case discard
        /// Into the parent's own stream (fd 1 or 2).
        case inherit
    }

    public enum Failure: Error, CustomStringConvertible {
        case cannotStart(String, Int32)
        public var description: String {
            switch self {
            case .cannotStart(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Runs `executable` (a path, or a name looked up on PATH) and waits for it.
    /// - Parameters:
    ///   - environment: replaces the child's environment when given; nil inherits ours.
    ///   - stderr: `.capture` keeps it apart from stdout; pass `mergeStderr` to interleave both.
    ///   - stdin: text the child reads on standard input (nil: /dev/null).
    ///   - timeout: seconds after which the child gets SIGKILL (nil: no limit).
    public static func run(
        _ executable: String, _ arguments: [String],
        environment: [String: String]? = nil,
        stdout: Output = .capture, stderr: Output = .capture, mergeStderr: Bool = false,
        stdin: String? = nil, timeout: Double? = nil
    ) throws -> Outcome {
        let outFile = temporaryFile("out"), errFile = temporaryFile("err")
        defer { unlink(outFile); unlink(errFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let inFile = temporaryFile("in")
        defer { unlink(inFile) }
        if let stdin {
            FileManager.default.createFile(atPath: inFile, contents: Data(stdin.utf8), attributes: [.posixPermissions: 0o600])
        }
        posix_spawn_file_actions_addopen(&actions, 0, stdin == nil ? "/dev/null" : inFile, O_RDONLY, 0)
        redirect(&actions, fd: 1, output: stdout, file: outFile)
        if mergeStderr {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            redirect(&actions, fd: 2, output: stderr, file: errFile)
        }
        closeInheritedDescriptors(&actions)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envStrings = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let envp: [UnsafeMutablePointer<CChar>?]? = envStrings.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }

        var pid: pid_t = 0
        let started = DispatchTime.now()
        let code: Int32 = envp.map { envp in
            envp.withUnsafeBufferPointer { posix_spawnp(&pid, executable, &actions, nil, argv, $0.baseAddress) }
        } ?? posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        guard code == 0 else { throw Failure.cannotStart(executable, code) }

        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        let deadline = timeout.map { started.uptimeNanoseconds + UInt64($0 * 1e9) }
        while true {
            let result = wait4(pid, &status, deadline == nil ? 0 : WNOHANG, &usage)
            if result == pid { break }
            if result == -1 && errno != EINTR { break }
            if let deadline, DispatchTime.now().uptimeNanoseconds > deadline, !timedOut {
                kill(pid, SIGKILL)
                timedOut = true
            }
            if deadline != nil { usleep(5_000) }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(
            status: exit,
            stdout: stdout == .capture ? read(outFile) : "",
            stderr: stderr == .capture && !mergeStderr ? read(errFile) : "",
            seconds: seconds, peakRSSBytes: Int64(usage.ru_maxrss) * 1024, timedOut: timedOut)
    }

    /// Finds a program on PATH.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func redirect(_ actions: inout posix_spawn_file_actions_t, fd: Int32, output: Output, file: String) {
        switch output {
        case .capture: posix_spawn_file_actions_addopen(&actions, fd, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .discard: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
        case .inherit: break
        }
    }

    /// Closes every descriptor above 2 in the child, so nothing it leaves behind holds ours.
    /// (`closefrom` inside the spawn: listing our descriptors first would race with threads that
    /// open and close sockets meanwhile.)
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        // glibc ≥ 2.34 has it, but the Glibc module does not export it (it is _GNU_SOURCE only).
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        #endif
    }

    private static func temporaryFile(_ kind: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("hearth-\(kind)-\(UUID().uuidString)").path
    }

    private static func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
}
