package scripttest

import (
	"os"
	"testing"
)

// TestRunFileChecksVariantClaims: a golden file's expect vs="LABEL" is
// checked in variant LABEL's run, so a true claim prints ok and a false
// one its failure (testdata/variant-claims.txt), not "not checked in
// this run", which the base run alone would print for both.
func TestRunFileChecksVariantClaims(t *testing.T) {
	const path = "testdata/variant-claims.txt"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	RunFile(t, path, string(src))
}
