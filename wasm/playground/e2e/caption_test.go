//go:build browser && !js

package e2e

import (
	"testing"
	"time"

	"kplay/link"
	"kplay/site"
)

// TestBrowserLinkMidFailoverSaysTheCrash: a link copied while the
// controller waits out a crashed leader's session (broker 1 crashed by
// the reader at 10:00:10, the link's moment 5 s later, before the fence
// at about 10:00:17) opens, in the page and in an embed, with the
// caption telling the crash. Nothing was said in the second before that
// moment, and the caption read "Press Play, or try one of the
// experiments." in the middle of a failover.
func TestBrowserLinkMidFailoverSaysTheCrash(t *testing.T) {
	text, start := presetStart(t, "start-here")
	text += "\nrun until=10:00:10.000\n" + site.ReaderMark + "\ncrash 1\n"
	q := link.Encode(link.Link{Script: text, T: start + 15000, HasT: true})
	for _, c := range []struct{ name, url string }{{"page", "/?" + q}, {"embed", "/embed.html?" + q + embedCodeQuery}} {
		t.Run(c.name, func(t *testing.T) {
			ctx, _, pageErrors := pageAt(t, 800, 600, c.url)
			pollJS(t, ctx, `(document.getElementById("clock") || {}).textContent === "10:00:15.000" && document.querySelector('#diagram g.node[data-node="b1"] [data-badge="down"]') !== null`, 10*time.Second, "the link does not open at 10:00:15 with broker 1 down")
			pollJS(t, ctx, `(document.getElementById("caption") || {}).textContent === "Broker 1 crashed."`, 10*time.Second, "the caption does not say \"Broker 1 crashed.\"")
			noPageErrors(t, pageErrors)
		})
	}
}
