package automatic

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"sync"
)

// Numeration is a greedy numeration system with digits 0 and 1: weights
// f_1 = 1 < f_2 < f_3 < ..., where every difference f_{i+1} - f_i is an
// earlier weight f_{r(i)}, and from the last given weight f_K on
//
//	f_{k+1} = f_k + f_{k-c}  (k >= K).
//
// A number is written greedily (the largest weight that fits, then the
// rest), most significant digit first. Base 2 (f_i = 2^{i-1}, c = 0),
// Zeckendorf's system (the Fibonacci numbers 1, 2, 3, 5, ..., c = 1) and
// the systems of the P-positions of n-times nim (Frankl & Tokushige,
// Theorem 1) are of this kind.
//
// The greedy words are those in which every two consecutive 1s, at
// positions i > j (position 1 weighs f_1), have j < r(i): the part below
// a 1 at position i must stay under f_{i+1} - f_i = f_{r(i)}, and the
// greedy part with top position j lies in [f_j, f_{j+1}). The recogniser
// ([Numeration.Recogniser]) is built from this rule, and words of one
// length compare lexicographically as their numbers do.
//
// A Numeration is safe for concurrent use.
type Numeration struct {
	name string
	c    int
	// f[i] = f_{i+1} and r[i] = r(i+1) (0-based), given or made by the
	// recurrence; f64 holds the weights that fit in a uint64.
	mu  sync.Mutex
	f   []*big.Int
	r   []int
	f64 []uint64
	r64 []int // r64[i] = r(i+1) for the weights of f64, 1-based values
	// corrections for the adder: virtual weights v_i that follow the
	// recurrence for every i agree with f_i for i > len(eps); eps[i-1] = f_i - v_i.
	vfirst []*big.Int // v_1 .. v_{c+1}
	eps    []int64
	vErr   error // no integer virtual weights (c = 0 and f_i not 2^{i-1}): no adder

	recOnce sync.Once
	rec     *Automaton
	recNext [][2]int8 // the recogniser as a table: recNext[s][d], -1 dead
	recAcc  []bool

	validMu sync.Mutex
	valid   map[int]*Automaton

	adderOnce sync.Once
	adder     *Automaton
	adderErr  error
	adderInfo AdderInfo
}

// NewNumeration returns the numeration named name (Walnut's msd_NAME: letters
// and digits) with weights f_1..f_K as given and f_{k+1} = f_k + f_{k-c}
// beyond them. It refuses weights that do not start at 1, do not increase,
// have a difference that is not an earlier weight, or are too few for the
// recurrence (K <= c).
func NewNumeration(name string, weights []*big.Int, c int) (*Numeration, error) {
	if !validName(name) || name[0] == '_' {
		return nil, fmt.Errorf("automatic: numeration name %q: want letters and digits", name)
	}
	if c < 0 || len(weights) <= c || len(weights) < 2 {
		return nil, fmt.Errorf("automatic: numeration %s: %d weights for c = %d (want more than c, and at least 2)", name, len(weights), c)
	}
	if weights[0].Cmp(big.NewInt(1)) != 0 {
		return nil, fmt.Errorf("automatic: numeration %s: the first weight is %s, want 1", name, weights[0])
	}
	ns := &Numeration{name: name, c: c, valid: map[int]*Automaton{}}
	for _, w := range weights {
		ns.f = append(ns.f, new(big.Int).Set(w))
	}
	index := map[string]int{}
	for i, w := range ns.f {
		if i > 0 && w.Cmp(ns.f[i-1]) <= 0 {
			return nil, fmt.Errorf("automatic: numeration %s: weight f_%d = %s does not exceed f_%d = %s", name, i+1, w, i, ns.f[i-1])
		}
		index[w.String()] = i + 1
	}
	d := new(big.Int)
	for i := 0; i+1 < len(ns.f); i++ {
		d.Sub(ns.f[i+1], ns.f[i])
		j, ok := index[d.String()]
		if !ok {
			return nil, fmt.Errorf("automatic: numeration %s: f_%d - f_%d = %s is not a weight", name, i+2, i+1, d)
		}
		ns.r = append(ns.r, j)
	}
	ns.extend(len(ns.f) + 1)
	// r(K) for the last given weight follows the recurrence.
	for len(ns.f64) < 64 {
		i := len(ns.f64)
		ns.extend(i + 2) // f_{i+1} and r(i+1)
		if !ns.f[i].IsUint64() {
			break
		}
		ns.f64 = append(ns.f64, ns.f[i].Uint64())
		ns.r64 = append(ns.r64, ns.r[i])
	}
	ns.virtual()
	return ns, nil
}

// mustNumeration is NewNumeration for the package's own systems.
func mustNumeration(name string, weights []int64, c int) *Numeration {
	w := make([]*big.Int, len(weights))
	for i, x := range weights {
		w[i] = big.NewInt(x)
	}
	ns, err := NewNumeration(name, w, c)
	if err != nil {
		panic(err)
	}
	return ns
}

var (
	binaryNS     = sync.OnceValue(func() *Numeration { return mustNumeration("bin", []int64{1, 2}, 0) })
	zeckendorfNS = sync.OnceValue(func() *Numeration { return mustNumeration("fib", []int64{1, 2}, 1) })
)

// Binary is base 2: weights 1, 2, 4, 8, ... (c = 0), every word valid.
// Walnut calls it msd_2; this package names it bin.
func Binary() *Numeration { return binaryNS() }

// Zeckendorf is Zeckendorf's system: weights F_2 = 1, F_3 = 2, 3, 5, 8, ...
// (c = 1), no two adjacent 1s. Walnut calls it msd_fib.
func Zeckendorf() *Numeration { return zeckendorfNS() }

// Name is the system's name (Walnut's msd_NAME).
func (ns *Numeration) Name() string { return ns.name }

// C is c of the recurrence f_{k+1} = f_k + f_{k-c}.
func (ns *Numeration) C() int { return ns.c }

// String is "msd_NAME".
func (ns *Numeration) String() string { return "msd_" + ns.name }

// extend makes sure f_1..f_k and r(1)..r(k-1) exist.
func (ns *Numeration) extend(k int) {
	for len(ns.f) < k {
		K := len(ns.f) // f_{K+1} = f_K + f_{K-c}
		ns.f = append(ns.f, new(big.Int).Add(ns.f[K-1], ns.f[K-1-ns.c]))
	}
	for len(ns.r) < len(ns.f)-1 {
		ns.r = append(ns.r, len(ns.r)+1-ns.c)
	}
}

// Weight returns f_i (i >= 1), exactly.
func (ns *Numeration) Weight(i int) *big.Int {
	if i < 1 {
		panic(fmt.Sprintf("automatic: Weight(%d)", i))
	}
	ns.mu.Lock()
	defer ns.mu.Unlock()
	ns.extend(i + 1)
	return new(big.Int).Set(ns.f[i-1])
}

// R returns r(i): f_{i+1} - f_i = f_{r(i)}.
func (ns *Numeration) R(i int) int {
	if i < 1 {
		panic(fmt.Sprintf("automatic: R(%d)", i))
	}
	ns.mu.Lock()
	defer ns.mu.Unlock()
	ns.extend(i + 1)
	return ns.r[i-1]
}

// Weights returns f_1..f_k.
func (ns *Numeration) Weights(k int) []*big.Int {
	out := make([]*big.Int, k)
	for i := range out {
		out[i] = ns.Weight(i + 1)
	}
	return out
}

// Equal reports whether ns and o are the same system: the same name and
// the same rule (the first weights and c).
func (ns *Numeration) Equal(o *Numeration) bool {
	if ns == o {
		return true
	}
	if ns.name != o.name || ns.c != o.c {
		return false
	}
	k := max(len(ns.f), len(o.f)) + ns.c + 2
	for i := 1; i <= k; i++ {
		if ns.Weight(i).Cmp(o.Weight(i)) != 0 {
			return false
		}
	}
	return true
}

// Digits returns the greedy digits of x >= 0, most significant first,
// without leading zeros (empty for 0).
func (ns *Numeration) Digits(x *big.Int) []byte {
	if x.Sign() < 0 {
		panic("automatic: Digits of a negative number")
	}
	if x.Sign() == 0 {
		return []byte{}
	}
	if x.IsUint64() && x.Uint64() < ns.Top64() {
		m := ns.Mask(x.Uint64())
		d := make([]byte, bits.Len64(m))
		for i := range d {
			d[i] = byte(m >> uint(len(d)-1-i) & 1)
		}
		return d
	}
	top := 1
	for ns.Weight(top+1).Cmp(x) <= 0 {
		top++
	}
	r := new(big.Int).Set(x)
	d := make([]byte, top)
	for i := top; i >= 1; i-- {
		if w := ns.Weight(i); w.Cmp(r) <= 0 {
			r.Sub(r, w)
			d[top-i] = 1
		}
	}
	return d
}

// FromDigits is the number with digits d (most significant first; any
// digits, valid or not).
func (ns *Numeration) FromDigits(d []byte) *big.Int {
	x := new(big.Int)
	for i, b := range d {
		if b != 0 {
			x.Add(x, ns.Weight(len(d)-i))
		}
	}
	return x
}

// Word returns the word of the tuple x: the digits of every x[i], padded
// with leading zeros to one length, as symbols (bit i of a symbol is the
// digit of x[i]).
func (ns *Numeration) Word(x ...*big.Int) []uint32 {
	ds := make([][]byte, len(x))
	l := 0
	for i, v := range x {
		ds[i] = ns.Digits(v)
		l = max(l, len(ds[i]))
	}
	w := make([]uint32, l)
	for i, d := range ds {
		off := l - len(d)
		for j, b := range d {
			w[off+j] |= uint32(b) << uint(i)
		}
	}
	return w
}

// decode returns the numbers on the k tracks of word w.
func (ns *Numeration) decode(k int, w []uint32) []*big.Int {
	out := make([]*big.Int, k)
	for i := range k {
		d := make([]byte, len(w))
		for j, s := range w {
			d[j] = byte(s >> uint(i) & 1)
		}
		out[i] = ns.FromDigits(d)
	}
	return out
}

// Top64 is the least number whose digits do not fit in a uint64 mask
// (2^64 - 1 when every uint64 fits): every x < Top64 has a Mask.
func (ns *Numeration) Top64() uint64 {
	top := ns.Weight(len(ns.f64) + 1)
	if top.IsUint64() {
		return top.Uint64()
	}
	return ^uint64(0)
}

// MaskDigits is the number of digits a mask of x < Top64 can hold.
func (ns *Numeration) MaskDigits() int { return len(ns.f64) }

// Mask returns the greedy digits of x < Top64 as a bit mask: bit j is the
// digit of weight f_{j+1}.
func (ns *Numeration) Mask(x uint64) uint64 {
	var m uint64
	j := sortSearch(ns.f64, x) // the largest j with f64[j] <= x
	for ; j >= 0 && x > 0; j-- {
		if ns.f64[j] <= x {
			m |= 1 << uint(j)
			x -= ns.f64[j]
		}
	}
	return m
}

// sortSearch returns the largest j with w[j] <= x, or -1.
func sortSearch(w []uint64, x uint64) int {
	j, _ := slices.BinarySearch(w, x+1)
	return j - 1
}

// FromMask is the number whose digits (valid or not) are m.
func (ns *Numeration) FromMask(m uint64) uint64 {
	var x uint64
	for m != 0 {
		j := bits.TrailingZeros64(m)
		x += ns.f64[j]
		m &^= 1 << uint(j)
	}
	return x
}

// Next returns the mask of x+1 from the mask m of x (valid digits): the
// least valid word above m, which sets the lowest 0 that may be set under
// the next 1 above it and clears everything below. Amortised, a few steps.
func (ns *Numeration) Next(m uint64) uint64 {
	for i := 0; i < len(ns.f64); i++ {
		if m>>uint(i)&1 == 1 {
			continue
		}
		above := m >> uint(i+1)
		if above != 0 {
			h := i + 1 + bits.TrailingZeros64(above) // bit of the next 1 above
			if !(i+1 < ns.r64[h]) {                  // positions h+1 > i+1: need i+1 < r(h+1)
				continue
			}
		}
		return m&^(1<<uint(i)-1) | 1<<uint(i)
	}
	panic("automatic: Next beyond the masks")
}

// ValidMask reports whether the mask m is a greedy word.
func (ns *Numeration) ValidMask(m uint64) bool {
	prev := -1
	for i := 63; i >= 0; i-- {
		if m>>uint(i)&1 == 0 {
			continue
		}
		if i >= len(ns.f64) {
			return false
		}
		if prev >= 0 && !(i+1 < ns.r64[prev]) {
			return false
		}
		prev = i
	}
	return true
}

// DigitsFor returns the largest D with f_{D+1} - 1 <= N: every number of
// at most D digits is at most N.
func (ns *Numeration) DigitsFor(N uint64) int {
	D := 0
	for D+1 < len(ns.f64) && ns.f64[D+1]-1 <= N {
		D++
	}
	return D
}

// Count returns f_{l+1}, the number of valid words of length l (the
// numbers 0..f_{l+1}-1), for l < MaskDigits.
func (ns *Numeration) Count(l int) uint64 { return ns.f64[l] }

// virtual computes the virtual weights v_i, which follow the recurrence
// v_{i+1} = v_i + v_{i-c} at every index and agree with f_i from some
// index on, and the corrections eps_i = f_i - v_i below it.
func (ns *Numeration) virtual() {
	c := ns.c
	// k0: the least k >= c+1 with f_{k'+1} = f_{k'} + f_{k'-c} for every
	// k' >= k (given weights; made ones follow it by construction).
	K := len(ns.f)
	k0 := K
	for k := K - 1; k >= c+1; k-- {
		s := new(big.Int).Add(ns.f[k-1], ns.f[k-1-c])
		if s.Cmp(ns.f[k]) != 0 {
			break
		}
		k0 = k
	}
	// v_i = f_i for i >= k0 - c; below, v_i = v_{i+c+1} - v_{i+c}.
	lo := k0 - c // the first index kept
	v := map[int]*big.Int{}
	for i := lo; i <= lo+c+1; i++ {
		v[i] = new(big.Int).Set(ns.f[i-1])
	}
	for i := lo - 1; i >= 1; i-- {
		if c == 0 { // v_{i+1} = 2 v_i
			if v[i+1].Bit(0) != 0 {
				ns.vErr = fmt.Errorf("automatic: %s: no integer virtual weights for the adder (c = 0, f_%d = %s is not a power of 2 times f_1)", ns, lo, ns.f[lo-1])
				return
			}
			v[i] = new(big.Int).Rsh(v[i+1], 1)
			continue
		}
		v[i] = new(big.Int).Sub(v[i+c+1], v[i+c])
	}
	for i := 1; i <= c+1; i++ {
		if v[i] == nil {
			v[i] = new(big.Int).Set(ns.f[i-1])
		}
		ns.vfirst = append(ns.vfirst, v[i])
	}
	for i := 1; i < lo; i++ {
		e := new(big.Int).Sub(ns.f[i-1], v[i])
		ns.eps = append(ns.eps, e.Int64())
	}
}
