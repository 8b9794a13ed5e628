import HearthCLI

await HearthCommand.start()
