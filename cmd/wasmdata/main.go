// Command wasmdata merges the data segments of a js/wasm module that Go's
// linker wrote, in place, so that it compresses smaller (package
// kplay/internal/wasmdata). ./build.sh runs it on the page's app.wasm
// before it compresses it.
//
// Usage:
//
//	go run ./cmd/wasmdata FILE.wasm
package main

import (
	"fmt"
	"os"

	"kplay/internal/wasmdata"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: wasmdata FILE.wasm (merges its data segments in place)")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run merges the data segments of the module in file, writing it back.
func run(file string) error {
	in, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	out, err := wasmdata.Merge(in, 1<<32-1)
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return os.WriteFile(file, out, 0o644)
}
