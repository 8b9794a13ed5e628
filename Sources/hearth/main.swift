import HearthCLI

// The common `hearth search …` forms run straight away, without ArgumentParser's command tree or
// a hop to the concurrency runtime's threads: they are what search boxes and scripts start per
// keystroke (docs/search.md "Per process"). Everything else, help and errors included, is
// ArgumentParser's.
if !HearthCommand.runQuickCommand() {
    await HearthCommand.start()
}
