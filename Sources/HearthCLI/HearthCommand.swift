import ArgumentParser

/// `hearth`: the scriptable command line of the Hearth mail engine.
public struct HearthCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "A private, local-first mail client: everything stays on this machine.",
        usage: GlobalOptions.usage,
        discussion: """
            Global options (before or after the subcommand): --data-dir PATH (default: $HEARTH_DATA_DIR, else \
            $XDG_DATA_HOME/hearth, else $HOME/.local/share/hearth), --json, --no-progress. Data on stdout, logs and \
            progress on stderr; --json output is described in docs/json-schema.md.
            """,
        version: "0.1.0",
        subcommands: [
            ImportCommand.self, ThreadsCommand.self, ShowCommand.self, StatsCommand.self,
            AccountsCommand.self, AccountCommand.self, SyncCommand.self,
            MarkCommand.self, ArchiveCommand.self, DeleteCommand.self, MoveCommand.self, ActionsCommand.self, RenderCommand.self,
            ComposeCommand.self, ReplyCommand.self, ForwardCommand.self, OutboxCommand.self, ContactsCommand.self, AttachmentsCommand.self, AttachmentCommand.self,
            ModelCommand.self, CategorizeCommand.self, SummarizeCommand.self, RepliesCommand.self,
            SearchCommand.self, ReindexCommand.self, ServeCommand.self,
            SettingsCommand.self, StorageCommand.self, WipeCommand.self, ExportCommand.self, AIAfterSyncCommand.self,
        ]
    )

    public init() {}
}
