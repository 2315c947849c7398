package script

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"kplay/engine"
)

// directivePrelude is the cluster a row's example runs on: brokers 1 to 3,
// topic orders with a record, and a group consumer c1 on orders-0.
const directivePrelude = "cluster brokers=3\ncreate-topic orders partitions=2\nconsume orders-0 group.id=g\nproduce orders-0 values=(a)\nadvance 1s\n"

// directiveBefore is what a row's example needs above it besides the
// prelude: a why follows an ask, a resume ends a hang, a restart follows
// a crash.
var directiveBefore = map[string]string{
	"restart": "crash 1\n",
	"why":     `ask "Who leads orders-0?" options=(b1, b2) answer=b1` + "\n",
	"resume":  "hang 1\n",
}

// TestDirectiveTable checks every row of the vocabulary: a unique name, a
// form with help for each way of writing it, an example that parses as
// the row's own directive, runs and compiles, and the reader its layer
// needs.
func TestDirectiveTable(t *testing.T) {
	var seen []string
	for _, s := range Directives() {
		if s.Name == "" || slices.Contains(seen, s.Name) {
			t.Errorf("%q: the name is empty or a second row's", s.Name)
		}
		seen = append(seen, s.Name)
		if s.Layer < LayerCluster || s.Layer > LayerVariant || s.Layer.String() == "unknown" {
			t.Errorf("%s: layer %d", s.Name, s.Layer)
		}
		if len(s.Forms) == 0 {
			t.Errorf("%s: no form", s.Name)
		}
		for i, f := range s.Forms {
			if strings.TrimSpace(f.Help) == "" {
				t.Errorf("%s: form %d (%s) has no help", s.Name, i+1, f.Args)
			}
		}
		for _, syn := range s.Synopses() {
			if !strings.HasPrefix(syn, s.Name+" ") {
				t.Errorf("%s: synopsis %q does not start with the name", s.Name, syn)
			}
		}
		if checkReader(t, s) { // a row without its function cannot run its example
			checkExample(t, s)
		}
	}
}

// checkReader checks a row has the reader its layer needs, and no other:
// every row of every layer has its function. It returns whether it does.
func checkReader(t *testing.T, s DirectiveSpec) bool {
	t.Helper()
	observe := s.Layer == LayerObserve || s.Layer == LayerCheck
	timed := s.Layer == LayerClock && s.Name != "step"
	story := s.Layer == LayerStory || s.Layer == LayerLesson || s.Layer == LayerCheck || s.Layer == LayerVariant
	if (s.command != nil) != s.Layer.acts() || (s.observe != nil) != observe || (s.target != nil) != timed ||
		(s.config != nil) != (s.Layer == LayerCluster) || (s.steps != nil) != (s.Name == "step") || (s.compile != nil) != story {
		t.Errorf("%s (%s): command %v, observe %v, target %v, config %v, steps %v, compile %v",
			s.Name, s.Layer, s.command != nil, s.observe != nil, s.target != nil, s.config != nil, s.steps != nil, s.compile != nil)
		return false
	}
	if s.clusterFree && s.Layer != LayerStory {
		t.Errorf("%s (%s): only a story directive may stand above the cluster", s.Name, s.Layer)
	}
	return true
}

// checkExample parses, runs and compiles a row's example on the prelude.
func checkExample(t *testing.T, s DirectiveSpec) {
	t.Helper()
	dirs, err := Parse("", s.Example)
	if err != nil || len(dirs) != 1 || dirs[0].Cmd != s.Name {
		t.Errorf("%s: example %q parses as %v, %v", s.Name, s.Example, dirs, err)
		return
	}
	if quoted(s.Name) != strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(s.Example, s.Name)), `"`) {
		t.Errorf("%s: Quoted is %v, but the example is %q", s.Name, s.Quoted, s.Example)
	}
	src := directivePrelude + directiveBefore[s.Name] + s.Example + "\n"
	if s.Layer == LayerCluster {
		src = s.Example + "\n"
	}
	all, err := Parse("", src)
	if err != nil {
		t.Fatalf("%s: %v", s.Name, err)
	}
	if _, err := RunAll(all); err != nil {
		t.Errorf("%s: example %q does not run: %v", s.Name, s.Example, err)
	}
	if _, err := Compile(all); err != nil {
		t.Errorf("%s: example %q does not compile: %v", s.Name, s.Example, err)
	}
}

// TestUnknownDirective: a name outside the table is no kind, and its
// error lists the table's names in its order.
func TestUnknownDirective(t *testing.T) {
	if classify("frobnicate") != kindUnknown || quoted("frobnicate") {
		t.Error("frobnicate is in the vocabulary")
	}
	var names []string
	for _, s := range Directives() {
		names = append(names, s.Name)
	}
	err := unknownCommand(Directive{Pos: Pos{2, 3}, Cmd: "frobnicate"})
	if want := "2:3: unknown command \"frobnicate\" (known: " + strings.Join(names, ", ") + ")"; err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
}

// TestDirectiveFormatter: the engine prints an action's command as the
// script line that reads back into the same command (engine.Command's
// String, the form ScriptText and share links carry), for every action
// row's example.
func TestDirectiveFormatter(t *testing.T) {
	for _, s := range Directives() {
		if s.command == nil {
			continue
		}
		d := mustDirective(t, s.Example)
		cmd, err := toCommand(d, engine.LatestRelease)
		if err != nil {
			t.Errorf("%s: %v", s.Name, err)
			continue
		}
		line := cmd.String()
		back, err := toCommand(mustDirective(t, line), engine.LatestRelease)
		if err != nil || !reflect.DeepEqual(back, cmd) {
			t.Errorf("%s: %q prints as %q, which reads back as %#v, %v; want %#v", s.Name, s.Example, line, back, err, cmd)
		}
	}
}

func mustDirective(t *testing.T, line string) Directive {
	t.Helper()
	dirs, err := Parse("", line)
	if err != nil || len(dirs) != 1 {
		t.Fatalf("%q: %v, %v", line, dirs, err)
	}
	return dirs[0]
}
