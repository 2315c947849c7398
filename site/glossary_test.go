package site

import (
	"strings"
	"testing"
)

// The glossary explains every term the diagram's labels and badges use
// without explaining them (the fresh-eyes learner asked for LEO, HW, ISR,
// ELR, fenced and the slow links), each with a meaning and a source.
func TestGlossaryCoversTheDiagram(t *testing.T) {
	words := map[string]bool{}
	for _, g := range Glossary() {
		if g.Meaning == "" || g.Source == "" {
			t.Errorf("%q has no meaning or no source", g.Word)
		}
		words[strings.Fields(g.Word)[0]] = true
	}
	for _, w := range []string{"LEO", "HW", "ISR", "ELR", "fenced", "leader", "acks", "slow", "unclean", "not"} {
		if !words[w] {
			t.Errorf("the glossary does not explain %q", w)
		}
	}
}
