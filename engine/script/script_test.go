package script_test

import (
	"testing"

	"github.com/cockroachdb/datadriven"

	"kplay/engine/script/scripttest"
)

// TestScripts runs every engine behaviour script in engine/testdata.
func TestScripts(t *testing.T) {
	datadriven.Walk(t, "../testdata", func(t *testing.T, path string) {
		scripttest.RunFile(t, path)
	})
}
