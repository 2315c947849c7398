package script_test

import (
	"os"
	"testing"

	"github.com/cockroachdb/datadriven"

	"kplay/engine/script/scripttest"
)

// TestScripts runs every engine behaviour script in engine/testdata.
func TestScripts(t *testing.T) {
	datadriven.Walk(t, "../testdata", func(t *testing.T, path string) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		scripttest.RunFile(t, path, string(src))
	})
}
