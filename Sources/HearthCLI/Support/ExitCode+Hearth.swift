import ArgumentParser

/// Exit codes that mean something to a script (BSD sysexits, documented in docs/cli.md).
public enum HearthExit {
    /// Bad input data: a mailbox that is not a mailbox, a message that cannot be read.
    public static let dataError = ExitCode(65)
    /// The named thing (thread, account, path) does not exist.
    public static let notFound = ExitCode(66)
    /// An internal error: a bug.
    public static let software = ExitCode(70)
    /// The store cannot be created or written (permissions, disk full).
    public static let cannotCreate = ExitCode(73)
    /// Reading or writing a file failed.
    public static let ioError = ExitCode(74)
    /// The mail server cannot be reached now (EX_TEMPFAIL): try again later.
    public static let unavailable = ExitCode(75)
    /// The server refused the credentials (EX_NOPERM).
    public static let noPermission = ExitCode(77)
    /// The setup must change before trying again (EX_CONFIG): the server's certificate is not
    /// trusted (give its CA file or the name it carries), or this session lacks a secret store.
    public static let configuration = ExitCode(78)
    /// A message could not be sent and will not be retried (EX_UNAVAILABLE): `compose`,
    /// `reply`, `forward`, `outbox send|retry` after the report of the failure.
    public static let sendFailed = ExitCode(69)
}
