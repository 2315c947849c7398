package site

// This file holds the one rule every reader of the Player's event log
// follows to catch up with it: the see index, a record's lifecycle, the
// fetch rounds, the narrator, the redraw, and site/ui's event log rows and
// fetch-table throttle each hold the LogMark they last read up to, and ask
// the Player's mark now what became of the log since (LogMark.Since)
// instead of each comparing its own generation and count.

// LogMark is where the Player's event log stands: which history it holds
// (Gen, Player.Generation: each rebuild, as a seek does, starts a new one,
// and a new scenario's player counts on from the last one's) and how many
// events that history has by the playhead (Count, Player.EventCount: the
// Seq the next event will get). Within one generation Count only grows.
// The zero LogMark is a log no reader has read.
type LogMark struct {
	Gen   int
	Count int
}

// LogMark returns where the event log stands at the playhead. It costs
// two loads, so each of the log's readers asks for it when it reads and
// compares it with the mark it last read up to (Since); between two moves
// of the playhead (a frame's render, say) every reader gets the same one.
func (p *Player) LogMark() LogMark { return LogMark{Gen: p.gen, Count: p.c.EventCount()} }

// LogChange is what became of the event log between a reader's mark and
// the log's mark now (LogMark.Since).
type LogChange uint8

// The changes a reader can find.
const (
	// LogSame: nothing to read; the reader is up to date.
	LogSame LogChange = iota
	// LogGrew: the same history has events after the reader's Count,
	// which it reads on from there.
	LogGrew
	// LogRewound: the log is another history (a seek, a replay, a new
	// scenario: the generation changed) or holds fewer events than the
	// reader read; what the reader built from it is stale, and it starts
	// over.
	LogRewound
)

// Since returns what became of the log from was, the mark a reader last
// read up to, to m, the log's mark now.
func (m LogMark) Since(was LogMark) LogChange {
	switch {
	case m.Gen != was.Gen || m.Count < was.Count:
		return LogRewound
	case m.Count > was.Count:
		return LogGrew
	}
	return LogSame
}
