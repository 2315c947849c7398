package engine

import "slices"

// produceTexts remembers the script lines (Produce.String) of the last
// few distinct produce commands, for the EvCommand event Apply logs for
// each one. A page's producers send the same command over and over (one
// record to the same partition), and formatting it every time, two
// allocations and a scan of every value for characters to quote, was 2 %
// of the engine's time; a repeat now costs a comparison of the fields.
// The text is the same either way, so the log is too.
//
// Each entry's Values is a copy of its own (the caller may change its
// slice after Apply), never changed after, so a clone shares the entries.
type produceTexts struct {
	cmds  [produceTextsN]Produce
	texts [produceTextsN]string
	// next is the entry the next new command replaces.
	next int
}

// produceTextsN is how many commands produceTexts remembers: more than
// the partitions a page's producers usually send to.
const produceTextsN = 8

// text returns cmd.String().
func (t *produceTexts) text(cmd *Produce) string {
	for i := range t.cmds {
		if t.texts[i] != "" && sameProduce(&t.cmds[i], cmd) {
			return t.texts[i]
		}
	}
	s := cmd.String()
	t.cmds[t.next] = *cmd
	t.cmds[t.next].Values = slices.Clone(cmd.Values)
	t.texts[t.next] = s
	t.next = (t.next + 1) % produceTextsN
	return s
}

// sameProduce reports whether a and b are the same command, the numbers
// compared first.
func sameProduce(a, b *Produce) bool {
	return a.TP.Partition == b.TP.Partition && a.Producer == b.Producer && a.Acks == b.Acks &&
		a.Broker == b.Broker && a.Size == b.Size && len(a.Values) == len(b.Values) &&
		a.TP.Topic == b.TP.Topic && a.Key == b.Key && slices.Equal(a.Values, b.Values)
}
