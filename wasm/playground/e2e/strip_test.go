//go:build browser && !js

package e2e

import (
	"strings"
	"testing"

	"kplay/link"
)

// twoQuietScript has the controller strip say more and more: every broker
// heartbeating at 1 s, broker 1 silent from 2 s, and broker 3 too from 3
// s, both counting down to their fencing at 5 s (at 1280 px the two
// sentences took a second line).
const twoQuietScript = `title "two quiet brokers"
cluster brokers=3
create-topic t partitions=1 rf=3
run until=00:00:02.000
crash 1
run until=00:00:03.000
crash 3
run until=00:00:06.000
`

// TestBrowserBoxesStayPutAsTheStripGrows: the controller strip says one
// thing per broker that is not heartbeating; when a second broker went
// quiet it wrapped onto a second line at 1280×800 and every box under it
// jumped 15 px down (a third line on a phone). At every size the strip
// keeps its height, so the boxes keep their places to the pixel, whatever
// it says.
func TestBrowserBoxesStayPutAsTheStripGrows(t *testing.T) {
	for _, sz := range pageSizes {
		t.Run(sz.name, func(t *testing.T) {
			l := link.Encode(link.Link{Script: twoQuietScript, T: 1000, HasT: true})
			path := "/?autoplay=0#" + l
			if strings.HasPrefix(sz.path, "/embed.html") {
				path = "/embed.html?autoplay=0&" + l
			}
			ctx, _, pageErrors := pageAt(t, sz.width, sz.height, path)
			setPlaying(t, ctx, false)
			var places, strips []string
			for _, m := range []struct {
				ms    int
				clock string
			}{{1000, "00:00:01.000"}, {2500, "00:00:02.500"}, {5000, "00:00:05.000"}} {
				seekPaused(t, ctx, m.ms, m.clock)
				waitFrames(t, ctx)
				places = append(places, evalJS[string](t, ctx, boxesJS))
				strips = append(strips, evalJS[string](t, ctx, `document.getElementById("controller-state").textContent`))
			}
			if !strings.Contains(strips[0], "every broker registered and heartbeating") ||
				strings.Count(strips[1], "no heartbeat since") != 1 || strings.Count(strips[2], "no heartbeat since") != 2 {
				t.Fatalf("the strip did not grow as the script has it: %q", strips)
			}
			for i := 1; i < len(places); i++ {
				if places[i] != places[0] {
					t.Errorf("the boxes moved when the strip said %q:\nbefore %s\nafter  %s", strips[i], places[0], places[i])
				}
			}
			screenshot(t, ctx, "kplay-strip-two-quiet-"+sz.name+".png")
			noPageErrors(t, pageErrors)
		})
	}
}
