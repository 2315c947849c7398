//go:build !js

package oracle

import "unicode/utf16"

// javaHashMapOrder returns the indexes of keys in the order a
// java.util.HashMap<String, V> (OpenJDK 8 and later) iterates them after
// they are put one by one, in order, into a new HashMap(): what
// org.apache.kafka.clients.admin.Config.entries() yields, and so the order
// of TopicCommand's Configs field. Duplicate keys keep their first
// position.
//
// The model: a table of 16 bins that doubles whenever the size exceeds
// 3/4 of it, or when a bin grows past 8 entries while the table has fewer
// than 64 bins; a key goes to bin (h ^ h>>>16) & (bins-1), h being
// String.hashCode, at the tail of the bin; a resize splits each bin into
// two keeping relative order; iteration walks bins in index order. A bin
// that grows past 8 entries in a table of 64 bins or more becomes a tree
// in Java, whose iteration order this model does not follow; with a few
// dozen config names that does not happen.
func javaHashMapOrder(keys []string) []int {
	bins := make([][]int, 16)
	size := 0
	seen := map[string]bool{}
	for i, k := range keys {
		if seen[k] {
			continue
		}
		seen[k] = true
		h := javaSpread(javaStringHash(k))
		b := int(h & uint32(len(bins)-1))
		bins[b] = append(bins[b], i)
		size++
		if len(bins[b]) > 8 && len(bins) < 64 {
			bins = javaResize(bins, keys)
		}
		if size > len(bins)*3/4 {
			bins = javaResize(bins, keys)
		}
	}
	var out []int
	for _, bin := range bins {
		out = append(out, bin...)
	}
	return out
}

func javaResize(bins [][]int, keys []string) [][]int {
	n := len(bins) * 2
	out := make([][]int, n)
	for _, bin := range bins {
		for _, i := range bin {
			b := int(javaSpread(javaStringHash(keys[i])) & uint32(n-1))
			out[b] = append(out[b], i)
		}
	}
	return out
}

// javaStringHash is java.lang.String.hashCode: s[0]*31^(n-1) + ... +
// s[n-1] over UTF-16 code units, in 32-bit two's complement.
func javaStringHash(s string) uint32 {
	var h uint32
	for _, u := range utf16.Encode([]rune(s)) {
		h = 31*h + uint32(u)
	}
	return h
}

// javaSpread is HashMap.hash: the hash with its high half folded into the
// low half.
func javaSpread(h uint32) uint32 { return h ^ h>>16 }
