package fibautomata

import (
	"math/big"
	"math/bits"
)

// fib64[i] = F_i with F_0 = 0, F_1 = 1 (F_93 > 2^63 is the first that does
// not fit in an int64; F_93 fits in a uint64).
var fib64 = func() []uint64 {
	f := []uint64{0, 1}
	for len(f) < 94 {
		f = append(f, f[len(f)-1]+f[len(f)-2])
	}
	return f
}()

// Fib returns F_i (F_0 = 0, F_1 = 1) exactly.
func Fib(i int) *big.Int {
	if i < len(fib64) {
		return new(big.Int).SetUint64(fib64[i])
	}
	a, b := new(big.Int).SetUint64(fib64[92]), new(big.Int).SetUint64(fib64[93])
	for j := 93; j < i; j++ {
		a.Add(a, b)
		a, b = b, a
	}
	return b
}

// ZeckendorfMask returns the Zeckendorf digits of x as a bit mask: bit j is
// the digit of weight F_{j+2}. Every x < 2^64 fits (its top digit is at
// most bit 90).
func ZeckendorfMask(x uint64) uint64 {
	var m uint64
	// F_{j+2} > x once j+2 > 1.4405 log2(x) + 2 (F_k >= phi^(k-2)), so
	// start there rather than at the top.
	j0 := min(91, int(float64(bits.Len64(x))*1.4405)+2)
	for j := j0; j >= 0 && x > 0; j-- {
		if fib64[j+2] <= x {
			m |= 1 << uint(j)
			x -= fib64[j+2]
		}
	}
	return m
}

// ZeckendorfNext returns the digits of x+1 from the digits m of x (valid
// Zeckendorf digits): add 1 at the lowest place, then replace each pair of
// adjacent 1s, lowest first, by a 1 above them (F_i + F_{i+1} = F_{i+2}).
// Amortised, a few steps.
func ZeckendorfNext(m uint64) uint64 {
	if m&1 == 0 {
		m |= 1
	} else {
		m = m&^1 | 2 // F_2 + F_2 = F_3
	}
	for p := m & (m >> 1); p != 0; p = m & (m >> 1) {
		i := uint(bits.TrailingZeros64(p))
		m = m&^(3<<i) | 4<<i
	}
	return m
}

// FromMask is the number whose Zeckendorf digits (possibly invalid) are m.
func FromMask(m uint64) uint64 {
	var x uint64
	for m != 0 {
		j := bits.TrailingZeros64(m)
		x += fib64[j+2]
		m &^= 1 << uint(j)
	}
	return x
}

func maskLen(m uint64) int { return 64 - bits.LeadingZeros64(m) }

// Digits returns the Zeckendorf digits of x >= 0, most significant first,
// without leading zeros (empty for 0).
func Digits(x *big.Int) []byte {
	if x.Sign() < 0 {
		panic("fibautomata: Digits of a negative number")
	}
	if x.IsUint64() {
		m := ZeckendorfMask(x.Uint64())
		d := make([]byte, maskLen(m))
		for i := range d {
			d[i] = byte(m >> uint(len(d)-1-i) & 1)
		}
		return d
	}
	// Fibonacci numbers up to x.
	fs := []*big.Int{big.NewInt(1), big.NewInt(2)} // F_2, F_3
	for fs[len(fs)-1].Cmp(x) <= 0 {
		fs = append(fs, new(big.Int).Add(fs[len(fs)-1], fs[len(fs)-2]))
	}
	r := new(big.Int).Set(x)
	d := make([]byte, 0, len(fs))
	started := false
	for i := len(fs) - 1; i >= 0; i-- {
		if fs[i].Cmp(r) <= 0 {
			r.Sub(r, fs[i])
			d = append(d, 1)
			started = true
		} else if started {
			d = append(d, 0)
		}
	}
	return d
}

// FromDigits is the number with Zeckendorf digits d (most significant first).
func FromDigits(d []byte) *big.Int {
	x := new(big.Int)
	a, b := big.NewInt(1), big.NewInt(2) // weights F_2, F_3 from the right
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] != 0 {
			x.Add(x, a)
		}
		c := new(big.Int).Add(a, b)
		a, b = b, c
	}
	return x
}

// Word returns the word of the tuple x: the Zeckendorf digits of every
// x[i], padded with leading zeros to one length, as symbols (bit i of a
// symbol is the digit of x[i]).
func Word(x ...*big.Int) []uint32 {
	ds := make([][]byte, len(x))
	l := 0
	for i, v := range x {
		ds[i] = Digits(v)
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
func decode(k int, w []uint32) []*big.Int {
	out := make([]*big.Int, k)
	for i := range k {
		d := make([]byte, len(w))
		for j, s := range w {
			d[j] = byte(s >> uint(i) & 1)
		}
		out[i] = FromDigits(d)
	}
	return out
}
