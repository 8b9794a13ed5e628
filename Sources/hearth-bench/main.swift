import HearthBench

BenchCommand.main()
