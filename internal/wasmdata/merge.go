// Package wasmdata rewrites the data section of a WebAssembly module that
// Go's linker wrote (GOOS=js GOARCH=wasm), so that the module compresses
// smaller and initializes the same memory.
//
// Go's linker (cmd/link/internal/wasm, writeDataSec) splits the data at
// every run of zero bytes longer than a segment's header (8 bytes), up to
// 100,000 segments, so that the raw file is as small as it can be. Served
// compressed, the trade runs the other way: a run of zeros costs brotli a
// few bits, while each segment's header, whose offset differs from every
// other, costs it bytes. The page's app.wasm had the full 100,000
// segments; merged into one it is some 4 MB larger raw and 109 KB smaller
// brotli -q 11 (docs/design.md §7, Size of the page wasm).
//
// Merging is safe because a module's linear memory starts zeroed
// (WebAssembly Core Specification, 4.5.3 Memories: "all bytes initialized
// to 0") and active segments are copied into it at instantiation, in
// order (4.5.4 Instantiation, step 14): bytes between two segments are
// zero before and after, so writing them as zeros changes nothing.
package wasmdata

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Section ids of the WebAssembly binary format (Core Specification
// 5.5.2).
const (
	sectionData      = 11
	sectionDataCount = 12
)

// Segment is one active data segment of memory 0: its offset in linear
// memory (an i32.const) and its bytes.
type Segment struct {
	Offset uint32
	Bytes  []byte
}

// Merge returns wasm, a WebAssembly binary module, with its data
// section's segments sorted by offset and merged wherever one starts at
// most maxGap bytes after the end of the one before it, the gap written
// as zeros; every other section is copied as it is. The segments must be
// active segments of memory 0 with an i32.const offset (mode 0), as Go's
// linker writes them, and share no byte: any other (a passive segment, an
// offset from a global, two that overlap) is an error, and so is a module
// that is not well formed.
// Its cost is one pass over the module and a copy of it.
func Merge(wasm []byte, maxGap uint32) ([]byte, error) {
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" {
		return nil, errors.New("wasmdata: not a WebAssembly binary module (no \\0asm magic)")
	}
	out := append([]byte(nil), wasm[:8]...)
	merged := -1
	for r := (reader{b: wasm, i: 8}); r.i < len(r.b); {
		id, err := r.byte()
		if err != nil {
			return nil, err
		}
		body, err := r.vec()
		if err != nil {
			return nil, fmt.Errorf("wasmdata: section %d: %w", id, err)
		}
		if id == sectionData {
			segs, err := ReadSegments(body)
			if err != nil {
				return nil, err
			}
			if segs, err = inOrder(segs); err != nil {
				return nil, err
			}
			segs = mergeSegments(segs, maxGap)
			merged = len(segs)
			body = writeSegments(segs)
		}
		if id == sectionDataCount {
			// The data count must equal the data section's count
			// (Core Specification 5.5.16); it comes before the code
			// section, so the merged count is not known yet.
			return nil, errors.New("wasmdata: the module has a data count section (bulk memory), which Go's linker does not write: not merged")
		}
		out = append(out, id)
		out = appendU32(out, uint32(len(body)))
		out = append(out, body...)
	}
	if merged < 0 {
		return nil, errors.New("wasmdata: the module has no data section")
	}
	return out, nil
}

// ReadSegments reads a data section's body: its segments in order.
func ReadSegments(body []byte) ([]Segment, error) {
	r := reader{b: body}
	n, err := r.u32()
	if err != nil {
		return nil, fmt.Errorf("wasmdata: data section: %w", err)
	}
	segs := make([]Segment, 0, min(n, uint32(len(body)/4)))
	for k := range n {
		mode, err := r.u32()
		if err != nil {
			return nil, fmt.Errorf("wasmdata: segment %d: %w", k, err)
		}
		if mode != 0 {
			return nil, fmt.Errorf("wasmdata: segment %d has mode %d; only active segments of memory 0 (mode 0) are merged", k, mode)
		}
		op, err := r.byte()
		if err != nil || op != 0x41 {
			return nil, fmt.Errorf("wasmdata: segment %d's offset is not an i32.const", k)
		}
		off, err := r.s32()
		if err != nil {
			return nil, fmt.Errorf("wasmdata: segment %d's offset: %w", k, err)
		}
		if end, err := r.byte(); err != nil || end != 0x0b {
			return nil, fmt.Errorf("wasmdata: segment %d's offset is more than one i32.const", k)
		}
		data, err := r.vec()
		if err != nil {
			return nil, fmt.Errorf("wasmdata: segment %d: %w", k, err)
		}
		segs = append(segs, Segment{Offset: uint32(off), Bytes: data})
	}
	if r.i != len(body) {
		return nil, fmt.Errorf("wasmdata: data section: %d bytes after its %d segments", len(body)-r.i, n)
	}
	return segs, nil
}

// inOrder returns segs sorted by offset, or an error if two of them
// overlap. Segments that share no byte can be applied in any order and
// leave the same memory, so sorting them changes nothing; Go's linker
// writes them section by section, and the sections' addresses interleave
// (the page's app.wasm: segment 6,295 starts at 0x1186c0, after one at
// 0x4433f8), so that merging in the file's order would write one
// section's zero gaps over another's bytes. Where two overlap, the later
// wins at instantiation, which a merge would have to keep: not merged.
func inOrder(segs []Segment) ([]Segment, error) {
	out := slices.Clone(segs)
	slices.SortStableFunc(out, func(a, b Segment) int { return cmp.Compare(a.Offset, b.Offset) })
	for i := 1; i < len(out); i++ {
		if end := uint64(out[i-1].Offset) + uint64(len(out[i-1].Bytes)); uint64(out[i].Offset) < end {
			return nil, fmt.Errorf("wasmdata: two data segments overlap at %#x: not merged", out[i].Offset)
		}
	}
	return out, nil
}

// mergeSegments joins each segment to the one before it when it starts
// at or after that one's end and at most maxGap bytes after it.
func mergeSegments(segs []Segment, maxGap uint32) []Segment {
	var out []Segment
	for _, s := range segs {
		if n := len(out); n > 0 {
			last := &out[n-1]
			end := uint64(last.Offset) + uint64(len(last.Bytes))
			if uint64(s.Offset) >= end && uint64(s.Offset)-end <= uint64(maxGap) {
				last.Bytes = append(last.Bytes, make([]byte, uint64(s.Offset)-end)...)
				last.Bytes = append(last.Bytes, s.Bytes...)
				continue
			}
		}
		out = append(out, Segment{Offset: s.Offset, Bytes: append([]byte(nil), s.Bytes...)})
	}
	return out
}

// writeSegments encodes segs as a data section's body.
func writeSegments(segs []Segment) []byte {
	out := appendU32(nil, uint32(len(segs)))
	for _, s := range segs {
		out = append(out, 0, 0x41)
		out = appendS32(out, int32(s.Offset))
		out = append(out, 0x0b)
		out = appendU32(out, uint32(len(s.Bytes)))
		out = append(out, s.Bytes...)
	}
	return out
}

// Memory returns the bytes segs leave in a zeroed linear memory of size
// n, applied in order as instantiation applies them.
func Memory(segs []Segment, n int) ([]byte, error) {
	mem := make([]byte, n)
	for k, s := range segs {
		if int(s.Offset)+len(s.Bytes) > n {
			return nil, fmt.Errorf("wasmdata: segment %d ends at %d, past %d", k, int(s.Offset)+len(s.Bytes), n)
		}
		copy(mem[s.Offset:], s.Bytes)
	}
	return mem, nil
}
