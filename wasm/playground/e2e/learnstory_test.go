//go:build browser && !js

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestBrowserCopyLinkSaysWhyNot: a reader sends 9,000 named values from
// the producer panel, which makes the page's script longer than the 64
// KiB a link holds (link.MaxDecoded), so the page would refuse the link.
// "Copy link" then copies nothing and says why, next to the buttons; it
// never says "Copied the link." (nor offers the link to select). Before,
// the bar confirmed the copy of a link that opens on the default scenario
// under "decodes to more than 64 KiB".
func TestBrowserCopyLinkSaysWhyNot(t *testing.T) {
	ctx, _, pageErrors := pageAt(t, 1280, 800, "/?preset=acks1-loss")
	evalJS[bool](t, ctx, `(() => {
		const v = [];
		for (let i = 0; i < 9000; i++) v.push("value-" + (100000 + i));
		document.querySelector('#producer-panel input[name="values"]').value = v.join(", ");
		return true;
	})()`)
	click(t, ctx, "#pp-send")
	pollJS(t, ctx, actScriptHas("produce t-0 values=(value-100000, value-100001"), 20*time.Second, "the 9,000 values never reached the script")
	click(t, ctx, "#share")
	pollJS(t, ctx, `document.getElementById("copy-refused") !== null`, 5*time.Second, "Copy link of a link over 64 KiB says nothing")
	got := evalJS[string](t, ctx, `document.getElementById("copy-refused").textContent + " | " + ((document.getElementById("copied") || {}).textContent || "")`)
	refused, copied, _ := strings.Cut(got, " | ")
	if !strings.HasPrefix(refused, "Not copied: ") || !strings.Contains(refused, "at most 64 KiB") || copied != "" {
		t.Errorf("after Copy link of a link over 64 KiB the bar says %q and %q; want only why it copied nothing", refused, copied)
	}
	screenshot(t, ctx, "kplay-copy-refused.png")
	click(t, ctx, "#copy-refused-close")
	pollJS(t, ctx, `document.getElementById("copy-refused") === null`, 5*time.Second, "the note's × does not close it")
	noPageErrors(t, pageErrors)
}
