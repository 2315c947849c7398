package ui

import (
	"strconv"
	"strings"

	"github.com/hexops/vecty"

	"kplay/engine"
	"kplay/site"
)

// memo is a vecty.Component which represents a part of the page that is
// drawn wholly from what its signature Sig spells out. It re-renders only
// when Sig changes; otherwise Vecty leaves its DOM alone and makes no call
// into the browser for it, which is what keeps a frame of a large cluster
// cheap (every element Vecty reconciles costs several JavaScript calls,
// even when nothing about it changed).
//
// NB: Sig must name every input Body reads, except the Store pointer its
// event handlers dispatch to. Body is called only while rendering.
type memo struct {
	vecty.Core

	Sig  string             `vecty:"prop"`
	Body func() *vecty.HTML `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (m *memo) SkipRender(prev vecty.Component) bool {
	p, ok := prev.(*memo)
	return ok && p.Sig == m.Sig
}

// Render implements the vecty.Component interface.
func (m *memo) Render() vecty.ComponentOrHTML { return m.Body() }

// sig builds a memo's signature: values separated so that no two
// different sequences of them spell the same text.
type sig struct{ b strings.Builder }

// s adds a string.
func (g *sig) s(v string) *sig {
	g.b.WriteString(strconv.Itoa(len(v)))
	g.b.WriteByte(':')
	g.b.WriteString(v)
	return g
}

// i adds an integer.
func (g *sig) i(v int64) *sig {
	g.b.WriteString(strconv.FormatInt(v, 10))
	g.b.WriteByte(',')
	return g
}

// f adds a float.
func (g *sig) f(v float64) *sig {
	g.b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	g.b.WriteByte(',')
	return g
}

// t adds a bool.
func (g *sig) t(v bool) *sig {
	if v {
		g.b.WriteByte('T')
	} else {
		g.b.WriteByte('F')
	}
	return g
}

// rect adds a rectangle.
func (g *sig) rect(r site.Rect) *sig { return g.f(r.X).f(r.Y).f(r.W).f(r.H) }

// tp adds a partition.
func (g *sig) tp(tp engine.TopicPartition) *sig { return g.s(tp.Topic).i(int64(tp.Partition)) }

// node adds a node's box.
func (g *sig) node(n site.NodeBox) *sig {
	return g.s(n.Key).s(n.Role).i(int64(n.Broker)).rect(n.Rect).i(int64(n.Cells)).rect(n.PMap)
}

// record adds every field of a record.
func (g *sig) record(r engine.Record) *sig {
	return g.i(int64(r.Offset)).i(int64(r.LeaderEpoch)).s(r.Key).s(r.Value).i(int64(r.Producer.Kind)).i(int64(r.Producer.ID)).
		i(int64(r.ProducedAt)).i(r.ProducerID).i(int64(r.Sequence))
}

// String returns the signature.
func (g *sig) String() string { return g.b.String() }
