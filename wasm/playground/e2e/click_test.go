//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/chromedp/chromedp"
)

// steadyClickJS waits for the element %q to be in the page, scrolls it
// into view if it is not wholly on screen or in its scrolling box
// (centring it, as chromedp.Click does), waits until its box has kept the
// same place for five animation frames (content growing above it, such as
// the event log, moves it while the page plays; scroll anchoring moves it
// back a frame later) and resolves with its centre in viewport pixels as
// JSON, or rejects after 10 s.
const steadyClickJS = `new Promise((done, fail) => {
	let el = null, last = "", same = 0;
	const t0 = performance.now();
	const f = () => {
		if (performance.now() - t0 > 10000) { fail(new Error(el === null ? "not in the page" : "its box never kept still: " + last)); return; }
		if (el === null) {
			el = document.querySelector(%q);
			if (el !== null) el.scrollIntoViewIfNeeded(true);
			requestAnimationFrame(f);
			return;
		}
		const r = el.getBoundingClientRect();
		const k = r.x + "," + r.y + "," + r.width + "," + r.height;
		if (k === last) same++; else { same = 0; last = k; }
		if (same >= 5 && (r.width > 0 || r.height > 0)) { done(JSON.stringify([r.x + r.width / 2, r.y + r.height / 2])); return; }
		requestAnimationFrame(f);
	};
	requestAnimationFrame(f);
})`

// steadyClick clicks sel as a mouse does, at the centre of its box once the
// box has stopped moving: whatever lies on top there gets the click.
// chromedp.Click reads the box and then clicks, and a page that is playing
// can move the element between the two, so the click lands beside it.
func steadyClick(ctx context.Context, sel string) error {
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(steadyClickJS, sel), chromedp.EvalAwaitPromise))
	if err != nil {
		return fmt.Errorf("finding %s on screen: %w", sel, err)
	}
	var xy [2]float64
	if err := json.Unmarshal([]byte(raw), &xy); err != nil {
		return fmt.Errorf("finding %s on screen: %q: %w", sel, raw, err)
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1]))
}
