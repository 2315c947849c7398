package wasmdata

import "errors"

// reader reads the WebAssembly binary format's values from b at i.
type reader struct {
	b []byte
	i int
}

var errShort = errors.New("the module ends early")

func (r *reader) byte() (byte, error) {
	if r.i >= len(r.b) {
		return 0, errShort
	}
	r.i++
	return r.b[r.i-1], nil
}

// u32 reads an unsigned LEB128 of at most 5 bytes (Core Specification
// 5.2.2).
func (r *reader) u32() (uint32, error) {
	var v uint64
	for shift := 0; shift < 35; shift += 7 {
		c, err := r.byte()
		if err != nil {
			return 0, err
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			if v > 1<<32-1 {
				return 0, errors.New("an unsigned LEB128 past 32 bits")
			}
			return uint32(v), nil
		}
	}
	return 0, errors.New("an unsigned LEB128 longer than 5 bytes")
}

// s32 reads a signed LEB128 of at most 5 bytes.
func (r *reader) s32() (int32, error) {
	var v int64
	for shift := 0; shift < 35; shift += 7 {
		c, err := r.byte()
		if err != nil {
			return 0, err
		}
		v |= int64(c&0x7f) << shift
		if c < 0x80 {
			if c&0x40 != 0 {
				v -= 1 << (shift + 7)
			}
			if v < -1<<31 || v > 1<<31-1 {
				return 0, errors.New("a signed LEB128 past 32 bits")
			}
			return int32(v), nil
		}
	}
	return 0, errors.New("a signed LEB128 longer than 5 bytes")
}

// vec reads a length-prefixed run of bytes.
func (r *reader) vec() ([]byte, error) {
	n, err := r.u32()
	if err != nil {
		return nil, err
	}
	if int(n) > len(r.b)-r.i {
		return nil, errShort
	}
	r.i += int(n)
	return r.b[r.i-int(n) : r.i], nil
}

// appendU32 appends v as an unsigned LEB128.
func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// appendS32 appends v as a signed LEB128.
func appendS32(b []byte, v int32) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
