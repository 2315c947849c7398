package wasmdata

import (
	"bytes"
	"strings"
	"testing"
)

// module is a binary module holding sections (id, body) after the magic
// and version.
func module(sections ...[]byte) []byte {
	out := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		out = append(out, s[0])
		out = appendU32(out, uint32(len(s)-1))
		out = append(out, s[1:]...)
	}
	return out
}

// section is a section's id followed by its body.
func section(id byte, body []byte) []byte { return append([]byte{id}, body...) }

// TestMergeKeepsMemory: merged, a data section leaves the same bytes in
// memory with fewer segments: neighbours join across their zero gaps, in
// the order of their offsets (as Go's linker writes them, a later
// section's segments fall between an earlier one's: merged in the file's
// order, the second run's zero gaps would write over the first's "b"), a
// gap wider than maxGap stays a gap, and the sections around the data
// section are copied as they are.
func TestMergeKeepsMemory(t *testing.T) {
	segs := []Segment{
		{0x10, []byte("ab")},
		{0x30, []byte("b")},
		{0x90, []byte("e")},
		{0x20, []byte("c")}, // a later section, between the first's
		{0x40, []byte("d")},
		{0x2000, []byte("far")}, // past maxGap
	}
	custom := section(0, []byte("\x04name\x00"))
	code := section(10, []byte{0})
	in := module(custom, code, section(sectionData, writeSegments(segs)), custom)
	out, err := Merge(in, 0x100)
	if err != nil {
		t.Fatal(err)
	}
	r := reader{b: out, i: 8}
	var got []Segment
	var ids []byte
	for r.i < len(out) {
		id, _ := r.byte()
		body, err := r.vec()
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
		if id == sectionData {
			if got, err = ReadSegments(body); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !bytes.Equal(ids, []byte{0, 10, sectionData, 0}) {
		t.Errorf("sections %v, want 0 10 11 0", ids)
	}
	if len(got) != 2 || got[0].Offset != 0x10 || len(got[0].Bytes) != 0x81 || got[1].Offset != 0x2000 {
		t.Errorf("merged into %d segments %+v, want 0x10 to 0x90 and 0x2000", len(got), got)
	}
	before, err := Memory(segs, 0x3000)
	if err != nil {
		t.Fatal(err)
	}
	after, err := Memory(got, 0x3000)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the merged segments leave different bytes in memory")
	}
	if all, err := Merge(in, 1<<32-1); err != nil || bytes.Count(all, []byte("far")) != 1 {
		t.Errorf("with no limit: %v", err)
	}
}

// TestMergeRefuses: what Go's linker does not write is refused with a
// message, not merged wrongly: a passive segment, two segments that
// overlap (the later must win), an offset from a global, a data count section, a module cut short, no data section, and
// no module at all.
func TestMergeRefuses(t *testing.T) {
	good := writeSegments([]Segment{{0, []byte("a")}})
	for _, c := range []struct {
		name, want string
		wasm       []byte
	}{
		{"passive", "mode 1", module(section(sectionData, []byte{1, 1, 1, 'a'}))},
		{"overlap", "overlap at 0x1", module(section(sectionData, writeSegments([]Segment{{0, []byte("ab")}, {1, []byte("c")}})))},
		{"global offset", "not an i32.const", module(section(sectionData, []byte{1, 0, 0x23, 0, 0x0b, 1, 'a'}))},
		{"data count", "data count", module(section(sectionDataCount, []byte{1}), section(sectionData, good))},
		{"cut short", "ends early", module(section(sectionData, good))[:12]},
		{"no data", "no data section", module(section(10, []byte{0}))},
		{"not wasm", "magic", []byte("hello, world")},
	} {
		if _, err := Merge(c.wasm, 8); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}

// TestLEB128: the offsets and lengths round-trip, the negative and the
// five-byte ones included.
func TestLEB128(t *testing.T) {
	for _, v := range []int32{0, 1, 63, 64, -1, -64, -65, 127, 128, 1 << 20, 1<<31 - 1, -1 << 31} {
		r := reader{b: appendS32(nil, v)}
		if got, err := r.s32(); err != nil || got != v || r.i != len(r.b) {
			t.Errorf("s32 %d: got %d, %v", v, got, err)
		}
	}
	for _, v := range []uint32{0, 127, 128, 1<<32 - 1} {
		r := reader{b: appendU32(nil, v)}
		if got, err := r.u32(); err != nil || got != v || r.i != len(r.b) {
			t.Errorf("u32 %d: got %d, %v", v, got, err)
		}
	}
}
