package script

import "kplay/engine"

// scene is what a story, lesson or check directive (LayerStory,
// LayerLesson, LayerCheck) is read against and adds to: the scenario's
// story so far, and the cluster as the directives above it define it.
// Each such row's compile function takes it. Compile keeps one for the
// scenario it builds; the Runner keeps one to read the same directives
// with the same checks (kplay run prints ok, or an ask's question, and
// reads nothing else of what the scene gathers).
type scene struct {
	sc Scenario
	// haveCluster says the cluster directive is above; now is the time
	// the directives above reach.
	haveCluster bool
	now         engine.Time
	// sh is the cluster as the directives so far define it, for try.
	sh shape
	// whyPos is the position of each ask's why (Pos{} for none), for
	// Compile's check of show= against the script's end.
	whyPos []Pos
	// actions looks up the row of a try's command. It is the directive
	// table, handed to the scene when the cluster exists rather than read
	// by the try row's function from the package's table, which holds
	// that function: a package-level reference would be an
	// initialisation cycle (directiveTable → compileTry → directiveTable).
	actions func(name string) (DirectiveSpec, bool)
}

// setCluster records the cluster directive's Config: the release a try's
// command is read for, the start a why's show= is read from, and the
// brokers a try may name.
func (s *scene) setCluster(cfg engine.Config) {
	s.sc.Config, s.haveCluster, s.now = cfg, true, cfg.Start
	s.sh.brokers = cfg.Brokers
	s.actions = LookupDirective
}
