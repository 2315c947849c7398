package script

import (
	"slices"
	"strings"

	"kplay/engine"
)

// The directives that break or mend the simulated network (LayerFault):
// isolate, partition, cut, heal, slow and drop, and the node names they
// take.

// isolateCommand reads "isolate NODE" (engine.Isolate).
func isolateCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	if err := checkKeys(d); err != nil {
		return nil, err
	}
	pos, err := positional(d, 1)
	if err != nil {
		return nil, err
	}
	if len(pos) == 0 {
		return nil, errAt(d.Pos, "isolate needs a node, such as isolate 1")
	}
	n, err := parseNode(pos[0])
	if err != nil {
		return nil, err
	}
	return engine.Isolate{Node: n}, nil
}

// partitionCommand reads "partition g1=(NODE, ...) g2=(NODE, ...) ..."
// (engine.Partition).
func partitionCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	if _, err := positional(d, 0); err != nil {
		return nil, err
	}
	var cmd engine.Partition
	for _, a := range d.Args {
		var g []engine.NodeID
		for _, v := range a.Vals {
			n, err := parseNode(Arg{Key: v, Pos: a.Pos})
			if err != nil {
				return nil, err
			}
			g = append(g, n)
		}
		cmd.Groups = append(cmd.Groups, g)
	}
	return cmd, nil
}

// cutCommand reads "cut NODE NODE [one-way]" (engine.Cut).
func cutCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	if err := checkKeys(d); err != nil {
		return nil, err
	}
	// cut A B one-way: a third positional word, as elect-leaders takes
	// all.
	oneWay := false
	if p, _ := positional(d, 3); len(p) == 3 && p[2].Key == "one-way" {
		oneWay = true
		d.Args = slices.DeleteFunc(slices.Clone(d.Args), func(a Arg) bool { return a.Vals == nil && a.Key == "one-way" })
	}
	if _, err := positional(d, 2); err != nil {
		return nil, err
	}
	a, b, err := twoDifferentNodes(d)
	if err != nil {
		return nil, err
	}
	return engine.Cut{A: a, B: b, OneWay: oneWay}, nil
}

// healCommand reads "heal [NODE NODE]" (engine.Heal).
func healCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	if err := checkKeys(d); err != nil {
		return nil, err
	}
	pos, err := positional(d, 2)
	if err != nil {
		return nil, err
	}
	if len(pos) == 0 {
		return engine.Heal{}, nil
	}
	a, b, err := twoDifferentNodes(d)
	if err != nil {
		return nil, err
	}
	return engine.Heal{A: a, B: b}, nil
}

// slowCommand reads "slow NODE NODE latency=(MIN, MAX)" (engine.Slow).
func slowCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	a, b, arg, err := linkWith(d, "latency")
	if err != nil {
		return nil, err
	}
	if len(arg.Vals) != 2 {
		return nil, errAt(arg.Pos, "latency takes a range of milliseconds: latency=(50, 60)")
	}
	lo, e1 := ParseDuration(arg.Vals[0])
	hi, e2 := ParseDuration(arg.Vals[1])
	if e1 != nil || e2 != nil || hi < lo || hi > MaxSpan {
		return nil, errAt(arg.Pos, "latency=(%s, %s) is not a range of milliseconds", arg.Vals[0], arg.Vals[1])
	}
	return engine.Slow{A: a, B: b, MinLatency: lo, MaxLat: hi}, nil
}

// dropCommand reads "drop NODE NODE per-mille=N" (engine.Drop).
func dropCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	a, b, arg, err := linkWith(d, "per-mille")
	if err != nil {
		return nil, err
	}
	v, err := single(arg)
	if err != nil {
		return nil, err
	}
	n, e := parseInt(v, 0, 1000)
	if e != nil {
		return nil, errAt(arg.Pos, "per-mille: %v", e)
	}
	return engine.Drop{A: a, B: b, PerMille: int(n)}, nil
}

// linkWith reads a link directive's two nodes and its one required key.
func linkWith(d Directive, key string) (engine.NodeID, engine.NodeID, Arg, *Error) {
	if err := checkKeys(d, key); err != nil {
		return engine.NodeID{}, engine.NodeID{}, Arg{}, err
	}
	a, b, err := twoNodes(d)
	if err != nil {
		return a, b, Arg{}, err
	}
	arg, ok := d.Arg(key)
	if !ok {
		return a, b, arg, errAt(d.Pos, "%s needs %s=", d.Cmd, key)
	}
	return a, b, arg, nil
}

// twoDifferentNodes reads the directive's two positional node names,
// which must differ.
func twoDifferentNodes(d Directive) (engine.NodeID, engine.NodeID, *Error) {
	a, b, err := twoNodes(d)
	if err != nil {
		return a, b, err
	}
	if a == b {
		pos, _ := positional(d, 2)
		return a, b, errAt(pos[1].Pos, "%s needs two different nodes; %s is the same node twice", d.Cmd, pos[1].Key)
	}
	return a, b, nil
}

// parseNode reads a node name: a broker id ("2" or "b2"), "controller",
// "p1" or "c1".
func parseNode(a Arg) (engine.NodeID, *Error) {
	s := a.Key
	switch {
	case s == "controller":
		return engine.Controller, nil
	case strings.HasPrefix(s, "p") || strings.HasPrefix(s, "c"):
		kind := engine.NodeProducer
		if s[0] == 'c' {
			kind = engine.NodeConsumer
		}
		n, e := parseInt(s[1:], 1, 64)
		if e != nil {
			return engine.NodeID{}, errAt(a.Pos, "%q is not a node (a broker id, controller, p1 or c1)", s)
		}
		return engine.NodeID{Kind: kind, ID: int32(n)}, nil
	}
	n, e := parseInt(strings.TrimPrefix(s, "b"), 1, engine.MaxBrokers)
	if e != nil {
		return engine.NodeID{}, errAt(a.Pos, "%q is not a node (a broker id, controller, p1 or c1)", s)
	}
	return engine.Broker(engine.BrokerID(n)), nil
}

// twoNodes reads the directive's two positional node names.
func twoNodes(d Directive) (engine.NodeID, engine.NodeID, *Error) {
	pos, err := positional(d, 2)
	if err != nil {
		return engine.NodeID{}, engine.NodeID{}, err
	}
	if len(pos) != 2 {
		return engine.NodeID{}, engine.NodeID{}, errAt(d.Pos, "%s needs two nodes, such as %s 1 2", d.Cmd, d.Cmd)
	}
	a, err := parseNode(pos[0])
	if err != nil {
		return a, a, err
	}
	b, err := parseNode(pos[1])
	return a, b, err
}
