package vecty

import "testing"

// Set before the package's init, which otherwise wants a browser (as
// upstream's testsuite_test.go does).
var _ = func() bool { isTest = true; return true }()

// copyTestComponent is a component with a prop, as kplay's are.
type copyTestComponent struct {
	Core
	N int `vecty:"prop"`
}

func (c *copyTestComponent) Render() ComponentOrHTML { return nil }

// sharedCoreComponent embeds a *Core, which its copies share.
type sharedCoreComponent struct {
	*Core
	N int
}

func (c *sharedCoreComponent) Render() ComponentOrHTML { return nil }

// TestCopyLeavesOutCore: the copy Vecty keeps for the next SkipRender
// (copyComponent, without a Copy method) has the component's props and a
// zero Core, so that it does not hold the previous copy and, through it,
// every render the component made (PATCHES.md, patch 6). The component
// itself keeps its Core. Upstream's shallow copy fails the first check.
func TestCopyLeavesOutCore(t *testing.T) {
	older := &copyTestComponent{N: 1}
	c := &copyTestComponent{N: 2}
	c.prevRenderComponent = older
	c.prevRender = Tag("div")
	c.mounted = true

	dup, ok := copyComponent(c).(*copyTestComponent)
	if !ok || dup == c {
		t.Fatalf("copyComponent gave %#v, want a new *copyTestComponent", dup)
	}
	if dup.Core != (Core{}) {
		t.Errorf("the copy's Core is %+v, want a zero Core", dup.Core)
	}
	if dup.N != 2 {
		t.Errorf("the copy's N is %d, want 2", dup.N)
	}
	if c.prevRenderComponent != older || c.prevRender == nil || !c.mounted {
		t.Errorf("the component's own Core changed: %+v", c.Core)
	}
}

// TestCopyKeepsASharedCore: a component that embeds a *Core shares it
// with its copies, as upstream's shallow copy did; the copy does not zero
// the component's own Core through it.
func TestCopyKeepsASharedCore(t *testing.T) {
	core := &Core{mounted: true}
	c := &sharedCoreComponent{Core: core, N: 3}
	dup := copyComponent(c).(*sharedCoreComponent)
	if dup.Core != core || !core.mounted || dup.N != 3 {
		t.Errorf("copy %+v of a component sharing its Core: Core %p (want %p), mounted %v, N %d", dup, dup.Core, core, core.mounted, dup.N)
	}
}
