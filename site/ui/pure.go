package ui

import (
	"slices"

	"github.com/hexops/vecty"
)

// pure is a vecty.Component which represents a part of the page drawn
// wholly from its view V, a plain comparable struct computed in package
// site. It re-renders only when V differs from the last frame's (==);
// otherwise Vecty leaves its DOM alone and makes no call into the browser
// for it, which is what keeps a frame cheap (every element Vecty
// reconciles costs several JavaScript calls, even when nothing about it
// changed). Draw reads nothing but its argument; event handlers may close
// over the Store they dispatch to.
type pure[V comparable] struct {
	vecty.Core

	V    V                   `vecty:"prop"`
	Draw func(V) *vecty.HTML `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (p *pure[V]) SkipRender(prev vecty.Component) bool {
	q, ok := prev.(*pure[V])
	return ok && q.V == p.V
}

// Render implements the vecty.Component interface.
func (p *pure[V]) Render() vecty.ComponentOrHTML { return p.Draw(p.V) }

// view returns the component drawing v with draw.
func view[V comparable](v V, draw func(V) *vecty.HTML) *pure[V] { return &pure[V]{V: v, Draw: draw} }

// equaler is a view with slices in it, which says itself when two of it
// draw the same.
type equaler[V any] interface{ Equal(V) bool }

// pureEq is pure for a view compared by its Equal method.
type pureEq[V equaler[V]] struct {
	vecty.Core

	V    V                   `vecty:"prop"`
	Draw func(V) *vecty.HTML `vecty:"prop"`
}

// SkipRender implements the vecty.RenderSkipper interface.
func (p *pureEq[V]) SkipRender(prev vecty.Component) bool {
	q, ok := prev.(*pureEq[V])
	return ok && q.V.Equal(p.V)
}

// Render implements the vecty.Component interface.
func (p *pureEq[V]) Render() vecty.ComponentOrHTML { return p.Draw(p.V) }

// viewEq returns the component drawing v with draw.
func viewEq[V equaler[V]](v V, draw func(V) *vecty.HTML) *pureEq[V] {
	return &pureEq[V]{V: v, Draw: draw}
}

// never is the view of a part that never changes.
type never struct{}

// fixed returns the component drawing what never changes.
func fixed(draw func() *vecty.HTML) *pure[never] {
	return view(never{}, func(never) *vecty.HTML { return draw() })
}

// lines is a view of lines of text.
type lines []string

// Equal reports whether l and m hold the same lines.
func (l lines) Equal(m lines) bool { return slices.Equal(l, m) }
