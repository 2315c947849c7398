package site

import "strings"

// RunBrokersHTML is a run's brokers as the runs side by side draw them
// (ui's renderRun): one card per broker in bs's order, which is the
// layout's and never changes while the run plays, so that broker 1 stands
// in the same place in every run. Each card holds the broker's name and
// role, its badges (in ISR, ELR, fenced, down…), the first partition's
// log as a row of offsets (a record, a truncated one struck through, an
// empty slot; outlined where a broken guarantee lost it), its LEO and high
// watermark (HW), and its status line. Text is escaped.
//
// The page sets it as innerHTML in one call, as it does the event log
// (LogLinesHTML): four runs' diagrams reconciled element by element cost
// a seek some 28 ms of calls into the browser (BenchmarkSeek10MinFourRuns),
// more than the page's 50 ms budget left them. A card keeps the DOM
// contract's hooks: data-node ("b1") for a click that opens the broker's
// menu, and .cell, .lost and data-offset on the log's cells.
func RunBrokersHTML(bs []BrokerView) string {
	var b strings.Builder
	for _, v := range bs {
		writeRunBroker(&b, v)
	}
	return b.String()
}

// writeRunBroker writes one broker's card (RunBrokersHTML).
func writeRunBroker(b *strings.Builder, v BrokerView) {
	n := v.Node
	name := n.Name
	if name == "" {
		name = BrokerName(n.Broker, false)
	}
	b.WriteString(`<div class="rb `)
	writeEscaped(b, n.Role)
	for _, c := range []struct {
		on   bool
		name string
	}{{!v.Alive, "down"}, {v.OutOfSync, "out-of-sync"}, {v.Fenced, "fenced"}, {v.Look.Note != "", "unclean"}, {v.Look.Hung != 0, "hung"}} {
		if c.on {
			b.WriteString(" " + c.name)
		}
	}
	b.WriteString(`" data-node="`)
	writeEscaped(b, n.Key)
	b.WriteString(`" data-role="`)
	writeEscaped(b, n.Role)
	b.WriteString(`" tabindex="0" role="button" aria-haspopup="true" aria-label="`)
	writeEscaped(b, name+": actions")
	b.WriteString(`"><div class="rb-head"><span class="rb-name">`)
	writeEscaped(b, name)
	b.WriteString(`</span> <span class="rb-role" data-badge="`)
	writeEscaped(b, v.Look.RoleKey)
	b.WriteString(`">`)
	writeEscaped(b, v.Look.Role)
	b.WriteString(`</span></div>`)
	if len(v.Look.Badges) > 0 {
		b.WriteString(`<div class="rb-badges">`)
		for _, bd := range v.Look.Badges {
			b.WriteString(`<span class="rb-badge" data-badge="`)
			writeEscaped(b, bd.Key)
			b.WriteString(`">`)
			writeEscaped(b, bd.Text)
			b.WriteString(`</span> `)
		}
		b.WriteString(`</div>`)
	}
	if v.HasReplica {
		writeRunStrip(b, v.Strip)
	}
	b.WriteString(`<div class="rb-status `)
	writeEscaped(b, v.StatusClass)
	b.WriteString(`">`)
	writeEscaped(b, v.Status)
	b.WriteString(`</div></div>`)
}

// writeRunStrip writes a replica's log as a row of cells with its LEO and
// HW under it; the cell at the HW, the first offset not yet committed,
// has a bar on its left, as the main diagram's HW mark.
func writeRunStrip(b *strings.Builder, s StripView) {
	b.WriteString(`<div class="rb-log" data-leo="`)
	b.WriteString(itoa(int64(s.LEO)))
	b.WriteString(`" data-hw="`)
	b.WriteString(itoa(int64(s.HW)))
	b.WriteString(`">`)
	if s.From > 0 {
		b.WriteString(`<span class="rb-more" title="Offsets 0 to `)
		b.WriteString(itoa(int64(s.From - 1)))
		b.WriteString(` are to the left, not drawn: the strip shows the newest offsets.">…</span>`)
	}
	for _, c := range s.Cells {
		b.WriteString(`<span class="`)
		switch c.Kind {
		case CellEmpty:
			b.WriteString("slot")
		case CellDeleted:
			b.WriteString("slot deleted")
		case CellGhost:
			b.WriteString("cell truncated " + c.EpochClass)
		default:
			b.WriteString("cell " + c.EpochClass)
			if c.Committed {
				b.WriteString(" committed")
			}
			if c.Duplicate {
				b.WriteString(" duplicate")
			}
		}
		if c.Lost {
			b.WriteString(" lost")
		}
		if c.Offset == s.HW {
			b.WriteString(" at-hw")
		}
		b.WriteString(`" data-offset="`)
		b.WriteString(itoa(int64(c.Offset)))
		if c.Tip != "" {
			b.WriteString(`" title="`)
			writeEscaped(b, c.Tip)
		}
		b.WriteString(`">`)
		if c.Kind == CellRecord || c.Kind == CellGhost {
			b.WriteString(itoa(int64(c.Offset)))
		}
		b.WriteString(`</span>`)
	}
	b.WriteString(`</div><div class="rb-marks"><span class="rb-leo">LEO `)
	b.WriteString(itoa(int64(s.LEO)))
	b.WriteString(`</span> · <span class="rb-hw">HW `)
	b.WriteString(itoa(int64(s.HW)))
	b.WriteString(`</span></div>`)
}
