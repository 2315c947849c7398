// Command kplay is kplay's native command line: it runs scenario scripts,
// tests them against their expected output, and serves a built site.
//
//	kplay run FILE            print every directive with its output (a golden file); with vs lines, each variant's run and the differences
//	kplay test FILE...        compare every directive's output with the expected output; expect vs="LABEL" in that variant's run
//	kplay check [-seeds N]    random workloads and faults with the invariant checker on
//	kplay serve [-addr A] DIR serve a built site (dist/) with precompressed files
//	kplay presets             list the presets (preset=NAME), their questions and titles
//	kplay link FILE           print the share link that opens a script file
//	kplay embed FILE          print the embed code (an <iframe>) for a script file
//	kplay import FILE...      print a script that rebuilds a real cluster's state (kafka-topics --describe, kcat -L -J) or replays its history (a KRaft metadata log dump)
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage:
  kplay run FILE              run a script; print each directive and its output; a script with
                              vs lines also runs each variant and prints its run and the differences
  kplay test FILE...          run scripts and diff each output against the expected output
                              (expect vs="LABEL" in that variant's run, an expect without vs= in the base's)
  kplay check [-seeds N] [-from S] [-mode safe|unclean|acks1|minisr1|unflushed|all] [-workers N] [-for D] [-list]
                              random workloads and fault schedules; report broken guarantees
  kplay serve [-addr A] DIR   serve a built site (default -addr 127.0.0.1:8080)
  kplay presets               list the presets an embed's preset=NAME opens, with their questions and titles
  kplay link [-base URL] [-t MOMENT] [-learner] FILE
                              print the share link that opens the script FILE
  kplay embed [-base URL] [-t MOMENT] [-learner] [-panels P] [-controls C] [-autoplay A]
              [-speed S] [-theme T] [-lesson ID] [-questions host] [-origin O] FILE
                              print the embed code (an <iframe>) for the script FILE
  kplay import [-plain] FILE...
                              read kafka-topics.sh --describe or kcat -L -J output and print a script
                              that rebuilds that cluster, ending with expect claims of its state; or read
                              kafka-dump-log --cluster-metadata-decoder output (a KRaft metadata log) and
                              print a script that replays its history, with a claim of each recorded state
`

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// cli runs one kplay subcommand and returns the process exit code: 0 for
// success, 1 for a failed run or test, 2 for a usage error.
func cli(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "run":
		if len(args) != 2 {
			fmt.Fprint(stderr, "usage: kplay run FILE\n")
			return 2
		}
		return runMain(args[1], stdout, stderr)
	case "test":
		if len(args) < 2 {
			fmt.Fprint(stderr, "usage: kplay test FILE...\n")
			return 2
		}
		return testMain(args[1:], stdout, stderr)
	case "check":
		return checkMain(args[1:], stdout, stderr)
	case "serve":
		return serveMain(args[1:], stderr)
	case "presets":
		return presetsMain(stdout)
	case "link":
		return linkMain(args[1:], stdout, stderr)
	case "embed":
		return embedMain(args[1:], stdout, stderr)
	case "import":
		return importMain(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "kplay: unknown command %q\n%s", args[0], usage)
	return 2
}
