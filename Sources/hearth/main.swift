import HearthCLI

HearthCommand.main()
