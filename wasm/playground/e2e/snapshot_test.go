//go:build browser && !js

package e2e

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBrowserEmbedSnapshot: a lesson page asks its embed for the diagram
// at this moment, for its own slides or handout: snapshot answers with
// a data: URL of a standalone SVG (the brokers, the scenario's title),
// or of a PNG; another format is refused with bad-command; ready lists
// the command.
func TestBrowserEmbedSnapshot(t *testing.T) {
	h := openHost(t, 800, 600, hostOpts{Query: "preset=acks1-loss&autoplay=0&controls=min", Grow: true})
	ready := h.WaitMsg("ready", time.Second)
	cmds, _ := ready.Data["commands"].([]any)
	if !slices.Contains(cmds, any("snapshot")) {
		t.Errorf("ready's commands %v do not list snapshot", cmds)
	}

	h.Send(map[string]any{"v": 1, "type": "snapshot"})
	m := h.WaitMsg("snapshot", 20*time.Second)
	data, _ := m.Data["data"].(string)
	svg, ok := strings.CutPrefix(data, "data:image/svg+xml;charset=utf-8,")
	if !ok || m.Data["format"] != "svg" || m.Data["v"] != 1.0 {
		t.Fatalf("snapshot: %v", m.Data)
	}
	svg, err := url.PathUnescape(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "broker 1", "broker 3", "What acks=1 promises"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the snapshot's SVG has no %q", want)
		}
	}

	h.Send(map[string]any{"v": 1, "type": "snapshot", "format": "png"})
	h.PollHost(`window.kplayMsgs.some(m => m.data.type === "snapshot" && m.data.format === "png")`, 20*time.Second, "no PNG snapshot")
	var pngURL string
	for _, m := range h.MsgsOf("snapshot") {
		if m.Data["format"] == "png" {
			pngURL, _ = m.Data["data"].(string)
		}
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(pngURL, "data:image/png;base64,"))
	if err != nil {
		t.Fatalf("the PNG snapshot is not base64: %v", err)
	}
	if img, err := png.Decode(bytes.NewReader(raw)); err != nil || img.Bounds().Dx() < 800 {
		t.Errorf("the PNG snapshot does not decode to a picture twice the diagram's size (%v)", err)
	}

	h.Send(map[string]any{"v": 1, "type": "snapshot", "format": "gif"})
	e := h.WaitMsg("error", 10*time.Second)
	if e.Data["reason"] != "bad-command" || e.Data["param"] != "format" || e.Data["command"] != "snapshot" {
		t.Errorf("a gif snapshot: %v, want bad-command on format", e.Data)
	}
	h.NoErrors()
}
