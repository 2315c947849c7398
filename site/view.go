package site

import (
	"math"
	"strconv"
	"strings"

	"kplay/engine"
)

// This file turns engine output into the words and classes the page shows.
// It is framework-free so that native tests can check it.

// MsgClass returns the CSS class of a message dot: "msg-fetch" and so on.
func MsgClass(k engine.MsgKind) string {
	switch k {
	case engine.MsgProduce:
		return "msg-produce"
	case engine.MsgProduceResponse:
		return "msg-produce-resp"
	case engine.MsgFetch:
		return "msg-fetch"
	case engine.MsgFetchResponse:
		return "msg-fetch-resp"
	case engine.MsgMetadata:
		return "msg-metadata"
	case engine.MsgMetadataResponse:
		return "msg-metadata-resp"
	}
	return "msg-other"
}

// MsgLabel returns the short label drawn beside a message dot: "Fetch
// @1205", "FetchResp 1204", "Produce order-9001".
func MsgLabel(m engine.Message) string {
	var part engine.Part
	if len(m.Parts) > 0 {
		part = m.Parts[0]
	}
	switch m.Kind {
	case engine.MsgProduce:
		if len(part.Records) > 0 {
			if len(part.Records) == 1 {
				return "Produce " + Clip(part.Records[0].Value, 14)
			}
			return "Produce ×" + strconv.Itoa(len(part.Records))
		}
		return "Produce"
	case engine.MsgProduceResponse:
		if part.Err != engine.ErrNone {
			return "ProduceResp " + part.Err.String()
		}
		return "ProduceResp @" + itoa(int64(part.BaseOffset))
	case engine.MsgFetch:
		return "Fetch @" + itoa(int64(part.FetchOffset))
	case engine.MsgFetchResponse:
		if part.Err != engine.ErrNone {
			return "FetchResp " + part.Err.String()
		}
		return "FetchResp " + offsetsPhrase(part.Records)
	case engine.MsgMetadata:
		return "Metadata"
	case engine.MsgMetadataResponse:
		if part.Leader > 0 {
			return "Metadata: leader " + BrokerKey(part.Leader)
		}
		return "MetadataResp"
	}
	return m.Kind.String()
}

// offsetsPhrase says "none", "1204" or "0–1203" for a fetch's records.
func offsetsPhrase(recs []engine.Record) string {
	switch len(recs) {
	case 0:
		return "none"
	case 1:
		return itoa(int64(recs[0].Offset))
	}
	return itoa(int64(recs[0].Offset)) + "–" + itoa(int64(recs[len(recs)-1].Offset))
}

// Clip shortens s to at most n runes, marking the cut with "…".
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// ClipWords returns s cut to at most n runes at a word's end, with " …"
// after it, so that a long line never ends mid-number ("last caught up
// 45000 …" for "45000 ms ago"); a first word longer than half of n is cut
// where Clip cuts it.
func ClipWords(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	for i := n - 2; i > n/2; i-- {
		if r[i] == ' ' {
			return strings.TrimRight(string(r[:i]), " ,;:") + " …"
		}
	}
	return Clip(s, n)
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

// LabelOpacity fades a message's label in as it leaves its sender and out
// as it reaches its receiver, so labels do not cover the nodes' names.
func LabelOpacity(f float64) float64 {
	return math.Max(0, math.Min(1, math.Min(f, 1-f)*5))
}

// FreshWindow returns how many simulated ms an append stays highlighted
// ("just appended") for a scenario whose pace is speed (PaceSpeed): about
// 0.6 s on screen at that pace, and at least 1 ms. It is the scenario's,
// never the reader's speed: a moment is drawn the same however the reader
// got there (played at 10×, scrubbed, opened from a link at the default
// speed), and at 10× a window of the reader's speed, 6 simulated s, made
// every recent record yellow where the same moment from a link had none.
func FreshWindow(speed float64) engine.Time {
	return max(engine.Time(600*ClampSpeed(speed)), 1)
}

// FreshCells returns, for each broker, the offsets of tp it appended in the
// last window ms before now, scanning evs (newest first) back to then.
func FreshCells(evs Backward, tp engine.TopicPartition, now, window engine.Time) map[engine.BrokerID][2]engine.Offset {
	out := map[engine.BrokerID][2]engine.Offset{}
	for e := range evs {
		if e.At < now-window {
			break
		}
		if e.Kind != engine.EvAppended || e.TP != tp || e.Node.Kind != engine.NodeBroker {
			continue
		}
		b := engine.BrokerID(e.Node.ID)
		r, ok := out[b]
		if !ok {
			out[b] = [2]engine.Offset{e.Offset, e.End}
			continue
		}
		out[b] = [2]engine.Offset{min(r[0], e.Offset), max(r[1], e.End)}
	}
	return out
}

// ReplicaStatus words what a replica is doing: the leader's ISR and epoch,
// or where a follower's fetch stands; first, what it is writing to a slow
// disk (r.Writing: "writing m1 to a slow disk"), since until that append
// is done a follower sends no next fetch and a leader answers no acks=1
// produce (engine/disk.go). Compact drops the words a narrow box has no
// room for.
func ReplicaStatus(p engine.PartitionState, r engine.ReplicaState, compact bool) string {
	writing := WritingLine(r.Writing)
	if r.Leader {
		isr := "ISR " + engine.JoinIDs(p.ISR)
		switch {
		case writing != "" && compact:
			return writing
		case writing != "":
			return writing + " · " + isr
		}
		return isr + " · leader epoch " + itoa(int64(r.LeaderEpoch))
	}
	if writing != "" {
		if next, ok := nextFetchAfter(r.Writing); ok && !compact {
			return writing + ", then fetch @" + itoa(int64(next))
		}
		return writing
	}
	leader := " by the leader"
	if p.Leader != engine.NoLeader {
		leader = " by " + BrokerKey(p.Leader)
	}
	if compact {
		leader = ""
	}
	switch {
	case r.Truncating && compact:
		return "truncation next"
	case r.Truncating:
		return "diverged from" + strings.TrimPrefix(leader, " by") + ": truncation next"
	case p.Leader == engine.NoLeader:
		// The metadata names no leader (-1): the broker keeps the replica
		// as a follower but fetches for it from no one until one is
		// elected (ReplicaManager.applyLocalFollowersDelta starts no
		// fetcher for a leader that is not there; the engine's
		// applyRegistration stops the partition's fetching), and what it
		// had in flight died with the old leader.
		return "no leader to fetch from"
	case r.FetchParked:
		return "fetch @" + itoa(int64(r.FetchOffset)) + " held open" + leader
	case r.FetchOffset >= 0:
		return "fetch @" + itoa(int64(r.FetchOffset)) + " in flight"
	}
	return "fetch response on the way"
}

// WritingLine words the records of ws, a replica's writes waiting for
// its broker's slow disk (engine.DiskWrite), oldest first: "writing m1
// to a slow disk", "writing m1 and m2 …", "writing m1 and 4 more …";
// "" when none waits.
func WritingLine(ws []engine.DiskWrite) string {
	var recs []engine.Record
	for _, w := range ws {
		recs = append(recs, w.Records...)
	}
	if len(recs) == 0 {
		return ""
	}
	what := Clip(recordName(recs[0]), 16)
	switch n := len(recs); {
	case n == 2:
		what += " and " + Clip(recordName(recs[1]), 16)
	case n > 2:
		what += " and " + itoa(int64(n-1)) + " more"
	}
	return "writing " + what + " to a slow disk"
}

// nextFetchAfter is the offset of the fetch a follower sends once the
// last of its writes ws (fetch responses' records, which carry their
// offsets) is on disk: its new log end (ReplicaFetcherThread fetches from
// the log end offset); false when the last write is not a fetch
// response's.
func nextFetchAfter(ws []engine.DiskWrite) (engine.Offset, bool) {
	if len(ws) == 0 {
		return 0, false
	}
	last := ws[len(ws)-1]
	if last.Produce || len(last.Records) == 0 {
		return 0, false
	}
	return last.Records[len(last.Records)-1].Offset + 1, true
}

// EventLine is one row of the page's event log.
type EventLine struct {
	Seq  int
	Time string
	Text string
	// Class is the event's category class, for colour (CategoryClass).
	Class string
}

// CategoryClass returns the CSS class for an event category: "cat-net",
// "cat-fetch", "cat-log", "cat-cluster", "cat-client" or "cat-command".
// The prefix keeps them apart from the diagram's class="log" strips.
func CategoryClass(c engine.Category) string {
	switch c {
	case engine.CatNet:
		return "cat-net"
	case engine.CatFetch:
		return "cat-fetch"
	case engine.CatLog:
		return "cat-log"
	case engine.CatCluster:
		return "cat-cluster"
	case engine.CatClient:
		return "cat-client"
	case engine.CatCommand:
		return "cat-command"
	}
	return "cat-other"
}

// MaxEventText bounds an event sentence in a caption.
const MaxEventText = 160

// MaxLogText bounds an event's line in the event log, cut at a word's end
// (ClipWords): a command that sends 1204 records would otherwise print
// every value. It holds the longest sentence an event says of itself (a
// leader's AlterPartition to drop a follower, with its reason and how long
// ago the follower last caught up: about 200), which 160 cut mid-number.
const MaxLogText = 240

// LastEvents returns the newest n events of evs in categories cats as log
// lines, oldest first.
func LastEvents(evs Backward, cats engine.Category, n int) []EventLine {
	var out []EventLine
	for e := range evs {
		if len(out) >= n {
			break
		}
		if e.Kind.Category()&cats == 0 {
			continue
		}
		out = append(out, EventLine{Seq: e.Seq, Time: engine.FormatTime(e.At), Text: ClipWords(e.String(), MaxLogText), Class: CategoryClass(e.Kind.Category())})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// EventLinesHTML is the event log's rows as HTML, one
// <li class="cat-…"><time>10:00:00.020</time> sentence</li> per line,
// the sentence escaped: the page sets it as the list's innerHTML in one
// call, where reconciling fifty rows element by element cost hundreds of
// calls into the browser on every frame that adds a line.
func EventLinesHTML(lines []EventLine) string {
	var b strings.Builder
	for _, ln := range lines {
		b.WriteString(`<li class="`)
		writeEscaped(&b, ln.Class)
		b.WriteString(`"><time>`)
		writeEscaped(&b, ln.Time)
		b.WriteString("</time> ")
		writeEscaped(&b, ln.Text)
		b.WriteString("</li>")
	}
	return b.String()
}

// LogLinesHTML is the event log's rows as HTML, like EventLinesHTML, each
// <li> carrying data-at (the event's simulated ms) and a tabindex, so that
// one click handler on the list can move the playhead to the clicked
// event. A row after the playhead (LogLine.Later) has the class "later",
// and the row at the playhead right before one the class "now" (the last
// row is at the playhead when none is later).
func LogLinesHTML(lines []LogLine) string {
	var b strings.Builder
	for i, ln := range lines {
		b.WriteString(`<li tabindex="0" class="`)
		writeEscaped(&b, ln.Class)
		switch {
		case ln.Later:
			b.WriteString(" later")
		case i+1 < len(lines) && lines[i+1].Later:
			b.WriteString(" now")
		}
		b.WriteString(`" data-at="`)
		b.WriteString(itoa(int64(ln.At)))
		b.WriteString(`"><time>`)
		writeEscaped(&b, ln.Time)
		b.WriteString("</time> ")
		writeEscaped(&b, ln.Text)
		b.WriteString("</li>")
	}
	return b.String()
}

// FetchRoundsHTML is the fetch-loop table of one follower as HTML, its
// cells escaped: a caption, the lesson's five column heads, and rows (or
// "no rounds yet"). The page sets it as innerHTML in one call, since the
// table changes with every fetch round and reconciling its cells one by
// one cost a call into the browser for each.
func FetchRoundsHTML(caption string, rows [][5]string) string {
	var b strings.Builder
	b.WriteString("<table><caption>")
	writeEscaped(&b, caption)
	b.WriteString("</caption><thead><tr><th>Tick</th><th>Leader log end</th><th>Follower asks from</th><th>Leader returns</th><th>Follower log end after</th></tr></thead><tbody>")
	for _, r := range rows {
		b.WriteString("<tr>")
		for _, c := range r {
			b.WriteString("<td>")
			writeEscaped(&b, c)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
	if len(rows) == 0 {
		b.WriteString(`<tr><td colspan="5">no rounds yet</td></tr>`)
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// writeEscaped writes s to b with the five characters html.EscapeString
// escapes replaced by the same entities, so that it is text in an
// element or an attribute value.
func writeEscaped(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteByte(c)
		}
	}
}

// FetchRoundRows returns the last n rounds of a follower's fetch loop in
// the lesson's columns: tick, leader log end, follower asks from, leader
// returns, follower log end after. Ticks count from the first round.
func FetchRoundRows(rounds []engine.FetchRound, n int) [][5]string {
	return LastFetchRoundRows(len(rounds), rounds[max(0, len(rounds)-n):])
}

// LastFetchRoundRows is FetchRoundRows for the last rounds of a loop of
// total rounds: the first of last is tick total-len(last)+1.
func LastFetchRoundRows(total int, last []engine.FetchRound) [][5]string {
	rows := make([][5]string, 0, len(last))
	for i, r := range last {
		rows = append(rows, [5]string{
			strconv.Itoa(total - len(last) + i + 1),
			itoa(int64(r.LeaderLogEnd)),
			"offset " + itoa(int64(r.AskedFrom)),
			engine.ReturnsPhrase(r.AskedFrom, r.Returned),
			itoa(int64(r.LogEndAfter)),
		})
	}
	return rows
}

// ProducerLines is the producer box's two lines under its title and its
// tooltip: each producer client with its unacknowledged records and the
// records it gave up on (engine.ProducerState.Failed: its application was
// told they are not written), one a line ("p1 · all acked", "p2 · 1
// unacked", "p1 · 1 failed": a failure outranks what waits, which the
// tooltip gives, and one producer with both takes both lines), so that two producers (lesson
// 8's p1 and p2) both fit the box instead of "p1 · all acked, p2…"; with
// more than two the second line counts the rest ("+2 more"). The tooltip
// names every producer in full.
func ProducerLines(st engine.State) (sub, sub2, title string) {
	if len(st.Producers) == 0 {
		return "no producer yet", "", ""
	}
	var all, lines []string
	for _, p := range st.Producers {
		pending := p.ID.String() + " · all acked"
		if p.Pending > 0 {
			pending = p.ID.String() + " · " + itoa(int64(p.Pending)) + " unacked"
		}
		failed := itoa(int64(p.Failed)) + " failed"
		switch {
		case p.Failed == 0:
			all, lines = append(all, pending), append(lines, pending)
		case p.Pending == 0:
			line := p.ID.String() + " · " + failed
			all, lines = append(all, line), append(lines, line)
		default:
			all, lines = append(all, pending+", "+failed), append(lines, p.ID.String()+" · "+failed)
		}
	}
	sub = lines[0]
	switch {
	case len(lines) == 1 && st.Producers[0].Failed > 0 && st.Producers[0].Pending > 0:
		// One producer: its line says what is waiting, the next what failed.
		sub = all[0][:strings.Index(all[0], ", ")]
		sub2 = itoa(int64(st.Producers[0].Failed)) + " failed"
	case len(lines) == 2:
		sub2 = lines[1]
	case len(lines) > 2:
		sub2 = "+" + itoa(int64(len(lines)-1)) + " more"
	}
	title = "Producers, with the records each has sent and not yet had acknowledged: " + strings.Join(all, ", ") + "."
	for _, p := range st.Producers {
		if p.Failed > 0 {
			title += " Failed: records the producer gave up on; its application was told they are not written."
			break
		}
	}
	return sub, sub2, title
}
