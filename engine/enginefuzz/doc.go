// Package enginefuzz holds FuzzCommands, the fuzz target of random engine
// command sequences in the safe configuration, and its corpus. It lives
// apart from package engine because engine/testdata holds the behaviour
// scripts that TestScripts runs, every file of it, and a fuzz corpus
// there would be read as scripts. testdata/findings keeps the inputs that
// broke a guarantee (docs/design.md §10).
package enginefuzz
