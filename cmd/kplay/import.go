package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"kplay/engine/script"
	"kplay/importer"
)

// importMain is "kplay import [-plain] FILE...": it reads each file, a
// kafka-topics --describe output, a kcat -L -J document or a KRaft
// metadata log dump of kafka-dump-log --cluster-metadata-decoder (detected
// from the content), and prints a scenario script (importer.Import): from
// snapshots one that brings kplay's cluster to their state, from a dump
// one that replays the log's history at its recorded times. By default the
// script is printed in the golden form kplay test reads: every command
// with the output kplay prints for it, and every expect claim with "ok",
// the recorded state, so that kplay test on it fails exactly at the
// claims kplay's controller does not reach. -plain prints the commands alone, as the page's editor
// and a share link take them. A file that cannot be read or imported is
// an error on stderr, exit 1; a usage error exits 2.
func importMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	plain := fs.Bool("plain", false, "print the commands alone, without their outputs")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprint(stderr, "usage: kplay import [-plain] FILE...  (kafka-topics.sh --describe output, kcat -L -J output, or a KRaft metadata log dump: kafka-dump-log --cluster-metadata-decoder --files …/__cluster_metadata-0/….log)\n")
		return 2
	}
	var inputs []importer.Input
	for _, name := range fs.Args() {
		data, err := readCapped(name)
		if err != nil {
			fmt.Fprintf(stderr, "kplay import: %v\n", err)
			return 1
		}
		inputs = append(inputs, importer.Input{Name: name, Data: data})
	}
	src, err := importer.Import(inputs)
	if err != nil {
		fmt.Fprintf(stderr, "kplay import: %v\n", err)
		return 1
	}
	if len(src) > script.MaxScriptBytes {
		fmt.Fprintf(stderr, "kplay import: the script would be %d bytes, over kplay's %d-byte (64 KiB) script limit; import fewer topics (kafka-topics --describe --topic NAME)\n", len(src), script.MaxScriptBytes)
		return 1
	}
	if *plain {
		io.WriteString(stdout, src)
		return 0
	}
	dirs, err := script.Parse("import", src)
	if err != nil {
		fmt.Fprintf(stderr, "kplay import: the script written does not parse (a bug in kplay import): %v\n", err)
		return 1
	}
	lines := strings.Split(src, "\n")
	results, _ := runDirectives(dirs, lines, "")
	for i := range results {
		if results[i].Dir.Cmd == "expect" {
			results[i].Out = "ok\n"
		}
	}
	if err := formatGolden(stdout, results, nil); err != nil {
		fmt.Fprintf(stderr, "kplay import: %v\n", err)
		return 1
	}
	return 0
}

// readCapped reads a file of at most importer.MaxReadBytes (the largest
// format's cap; importer.Import holds each format to its own), reading no
// more than one byte past it, so a huge file costs nothing.
func readCapped(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, importer.MaxReadBytes+1))
}
