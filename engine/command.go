package engine

import "fmt"

// Command is an input to a Cluster, applied at the cluster's current time by
// Apply. The set is closed, one file per concept beside its check and
// apply: CreateTopic (topics.go), Produce (producer.go), Consume
// (consumer.go); Crash, Restart, Shutdown, Hang and Resume (lifecycle.go);
// Isolate, Partition, Cut, Heal, Slow and Drop (network.go); ElectLeaders
// (election.go); AlterConfig (alterconfig.go); SlowDisk (disk.go).
type Command interface {
	// String prints the command as a script line would give it.
	String() string
	// check says why the command cannot apply to c as it is now, and
	// changes nothing.
	check(c *Cluster) error
	// apply performs the command on c at its current time, after its
	// EvCommand event; check has accepted it.
	apply(c *Cluster)
}

// Apply performs cmd at the current time. It returns an error, and changes
// nothing, if cmd is invalid ("engine: no topic orders").
func (c *Cluster) Apply(cmd Command) error {
	if cmd == nil {
		return fmt.Errorf("engine: unknown command %T", cmd)
	}
	if err := cmd.check(c); err != nil {
		return err
	}
	c.emit(Event{Kind: EvCommand, Text: c.commandText(cmd)})
	cmd.apply(c)
	c.version++
	c.check()
	return nil
}

// commandText is cmd's script line for its EvCommand event. A produce's
// comes from produceTexts, which keeps the lines of recent produces: a
// rate produces the same line again and again.
func (c *Cluster) commandText(cmd Command) string {
	if p, ok := cmd.(Produce); ok {
		return c.produceTexts.text(&p)
	}
	return cmd.String()
}

// quoteArg quotes a value that a script parser would otherwise split.
func quoteArg(s string) string {
	plain := s != ""
	for _, r := range s {
		if r <= ' ' || r == ',' || r == '(' || r == ')' || r == '"' || r == '=' || r == '#' || r > '~' {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return strconvQuote(s)
}
