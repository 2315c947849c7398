package ui

import "github.com/hexops/vecty"

// Every component implements vecty.Copier with a copy that leaves out its
// vecty.Core. Vecty keeps a copy of each component after it renders, for
// the next SkipRender to compare with; its default, a shallow copy, copies
// the Core too, whose own previous copy holds the render before, and so
// on: every render the page ever made stayed reachable, a live heap that
// grew by the whole page tree each frame and that every garbage
// collection had to mark. SkipRender reads only props, never the Core.

// Copy implements the vecty.Copier interface.
func (c *Page) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *Controls) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *EventLog) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *Inspector) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *ViolationsBanner) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *LifecyclePanel) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *DescribePanel) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *FetchRoundsPanel) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *ScriptView) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *Timeline) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

func (c *timelineMarkers) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

func (c *cfgField) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

func (c *focusOnMount) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

func (c *pure[V]) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

func (c *pureEq[V]) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *Dots) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }

// Copy implements the vecty.Copier interface.
func (c *Stage) Copy() vecty.Component { d := *c; d.Core = vecty.Core{}; return &d }
