// Package rng is kplay's only source of randomness: a splitmix64 generator
// held by value.
//
// Its state is one uint64, so a Cluster that holds a Rand clones it with a
// plain copy, and its output is fixed forever: a Go upgrade can never change
// a simulation run, which math/rand would allow.
package rng

// Rand is a splitmix64 generator (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014). The zero value is usable.
type Rand struct {
	state uint64
}

// New returns a generator seeded with seed.
func New(seed uint64) Rand { return Rand{state: seed} }

// Uint64 returns the next 64 pseudo-random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a value in [0, n). It panics if n <= 0, which is a caller bug.
// The tiny modulo bias is irrelevant for simulation latencies and is kept so
// that the output stays a pure function of the state.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn with n <= 0")
	}
	return int(r.Uint64() % uint64(n))
}

// Range returns a value in [lo, hi]. It panics if hi < lo.
func (r *Rand) Range(lo, hi int64) int64 {
	if hi < lo {
		panic("rng: Range with hi < lo")
	}
	return lo + int64(r.Uint64()%uint64(hi-lo+1))
}
