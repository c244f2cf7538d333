package automatic

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"
	"testing"
)

// seqMismatch compares got(n) with want(n) for n in [0, N) and returns how
// many disagree and the least.
func seqMismatch(N uint64, got, want func(n uint64) string) (int, string) {
	count, first := 0, ""
	for n := range N {
		if g, w := got(n), want(n); g != w {
			if count == 0 {
				first = fmt.Sprintf("n = %d: %s, brute force %s", n, g, w)
			}
			count++
		}
	}
	return count, first
}

// checkSeq compares got with want on [0, N); as a negative control, got
// with its value at one n changed must fail there alone, named.
func checkSeq(t *testing.T, name string, N uint64, got, want func(n uint64) string) {
	t.Helper()
	if N == 0 {
		t.Fatalf("%s: no case", name)
	}
	if c, first := seqMismatch(N, got, want); c > 0 {
		t.Errorf("%s: %d of %d disagree, the least at %s", name, c, N, first)
		return
	}
	n0 := N * 2 / 3
	bad := func(n uint64) string {
		if n == n0 {
			return got(n) + "x"
		}
		return got(n)
	}
	if c, first := seqMismatch(N, bad, want); c != 1 || !strings.HasPrefix(first, fmt.Sprintf("n = %d:", n0)) {
		t.Errorf("%s: negative control at n = %d: %d disagree, first %q", name, n0, c, first)
	}
}

func digitString(d []byte) string {
	var b strings.Builder
	for _, x := range d {
		b.WriteByte('0' + x)
	}
	return b.String()
}

func maskString(m uint64) string {
	if m == 0 {
		return ""
	}
	return fmt.Sprintf("%b", m)
}

// wordDigits returns the digits of the L-bit number w, most significant first.
func wordDigits(w uint64, L int) []byte {
	d := make([]byte, L)
	for i := range d {
		d[i] = byte(w >> uint(L-1-i) & 1)
	}
	return d
}

// isGreedy reports whether the digits d (leading zeros allowed) are the
// greedy representation of their value: the definition of a valid word.
func isGreedy(s *system, d []byte) bool {
	g := greedy(s.w, value(s.w, d))
	i := 0
	for i < len(d) && d[i] == 0 {
		i++
	}
	return digitString(d[i:]) == digitString(g)
}

// Weight and R against the rule; Digits, Mask, FromDigits, FromMask and
// Next against the greedy representation, for every n below 20000 (5000
// under -short).
func TestNumerationDigits(t *testing.T) {
	N := shortOr[uint64](20000, 5000)
	for _, s := range systems() {
		ns := s.ns
		if ns.Name() != s.name || ns.C() != s.c || ns.String() != "msd_"+s.name {
			t.Errorf("%s: Name %q, C %d, String %q", s.name, ns.Name(), ns.C(), ns)
		}
		nw := uint64(len(s.w) - 1)
		checkSeq(t, s.name+" Weight", nw, func(i uint64) string { return ns.Weight(int(i) + 1).String() },
			func(i uint64) string { return fmt.Sprint(s.w[i]) })
		// R(i): f_{i+1} - f_i = f_{R(i)}.
		checkSeq(t, s.name+" R", nw, func(i uint64) string { return fmt.Sprint(s.w[ns.R(int(i)+1)-1]) },
			func(i uint64) string { return fmt.Sprint(s.w[i+1] - s.w[i]) })
		checkSeq(t, s.name+" Digits", N, func(n uint64) string { return digitString(ns.Digits(new(big.Int).SetUint64(n))) },
			func(n uint64) string { return digitString(greedy(s.w, n)) })
		checkSeq(t, s.name+" Mask", N, func(n uint64) string { return maskString(ns.Mask(n)) },
			func(n uint64) string { return digitString(greedy(s.w, n)) })
		checkSeq(t, s.name+" FromMask(Mask)", N, func(n uint64) string { return fmt.Sprint(ns.FromMask(ns.Mask(n))) },
			func(n uint64) string { return fmt.Sprint(n) })
		checkSeq(t, s.name+" FromDigits(greedy)", N, func(n uint64) string { return ns.FromDigits(greedy(s.w, n)).String() },
			func(n uint64) string { return fmt.Sprint(n) })
		masks := make([]uint64, N)
		for n, m := uint64(0), uint64(0); n < N; n, m = n+1, ns.Next(m) {
			masks[n] = m
		}
		checkSeq(t, s.name+" Next from 0", N, func(n uint64) string { return maskString(masks[n]) },
			func(n uint64) string { return digitString(greedy(s.w, n)) })
	}
}

// Every word of up to 14 digits (12 under -short): ValidMask is the greedy condition,
// FromMask and FromDigits are the value of any digits, valid or not;
// Count(l) is the number of valid words of length l, f_{l+1}; DigitsFor(N)
// is the largest D whose valid words are all at most N.
func TestNumerationWords(t *testing.T) {
	L := shortOr(14, 12)
	for _, s := range systems() {
		ns := s.ns
		checkSeq(t, s.name+" ValidMask", 1<<L, func(m uint64) string { return fmt.Sprint(ns.ValidMask(m)) },
			func(m uint64) string { return fmt.Sprint(isGreedy(s, wordDigits(m, L))) })
		checkSeq(t, s.name+" FromMask", 1<<L, func(m uint64) string { return fmt.Sprint(ns.FromMask(m)) },
			func(m uint64) string { return fmt.Sprint(value(s.w, wordDigits(m, L))) })
		checkSeq(t, s.name+" FromDigits", 1<<L, func(m uint64) string { return ns.FromDigits(wordDigits(m, L)).String() },
			func(m uint64) string { return fmt.Sprint(value(s.w, wordDigits(m, L))) })
		// maxVal[l]: the largest value of a valid word of length l.
		count := make([]uint64, L+1)
		maxVal := make([]uint64, L+1)
		for l := 0; l <= L; l++ {
			for m := uint64(0); m < 1<<uint(l); m++ {
				if d := wordDigits(m, l); isGreedy(s, d) {
					count[l]++
					maxVal[l] = max(maxVal[l], value(s.w, d))
				}
			}
		}
		checkSeq(t, s.name+" Count", uint64(L+1), func(l uint64) string { return fmt.Sprint(ns.Count(int(l))) },
			func(l uint64) string { return fmt.Sprint(count[l]) })
		checkSeq(t, s.name+" Count = f_{l+1}", uint64(L+1), func(l uint64) string { return fmt.Sprint(ns.Count(int(l))) },
			func(l uint64) string { return fmt.Sprint(s.w[l]) })
		top := maxVal[L-1] // DigitsFor(N) < L for every N below
		checkSeq(t, s.name+" DigitsFor", top, func(N uint64) string { return fmt.Sprint(ns.DigitsFor(N)) },
			func(N uint64) string {
				D := 0
				for D+1 <= L && maxVal[D+1] <= N {
					D++
				}
				return fmt.Sprint(D)
			})
	}
}

// The edge of the uint64 masks: MaskDigits is the number of weights that
// fit, Top64 the first that does not (or 2^64 - 1), and the numbers just
// below it round-trip.
func TestNumerationTop64(t *testing.T) {
	for _, s := range systems() {
		ns := s.ns
		fit := min(len(s.w), 64)
		if ns.MaskDigits() != fit {
			t.Errorf("%s: MaskDigits %d, want %d", s.name, ns.MaskDigits(), fit)
		}
		want := ^uint64(0)
		if fit < len(s.w) {
			want = s.w[fit]
		}
		if ns.Top64() != want {
			t.Errorf("%s: Top64 %d, want %d", s.name, ns.Top64(), want)
		}
		for d := uint64(1); d <= 3; d++ {
			x := ns.Top64() - d
			if got, g := maskString(ns.Mask(x)), digitString(greedy(s.w, x)); got != g || ns.FromMask(ns.Mask(x)) != x {
				t.Errorf("%s: Mask(%d) = %s, greedy %s", s.name, x, got, g)
			}
		}
		if fit < 64 && bits.Len64(ns.Mask(ns.Top64()-1)) != fit {
			t.Errorf("%s: the mask of Top64-1 has %d digits", s.name, bits.Len64(ns.Mask(ns.Top64()-1)))
		}
	}
}

// 10^100 and its neighbours: the greedy digits (big integers), back again.
func TestNumerationBig(t *testing.T) {
	googol := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	for _, s := range systems() {
		wb := oracleWeightsBig(s.init, s.c, 1200)
		for _, d := range []int64{-1, 0, 1} {
			x := new(big.Int).Add(googol, big.NewInt(d))
			got := s.ns.Digits(x)
			if g := greedyBig(wb, x); digitString(got) != digitString(g) {
				t.Fatalf("%s: Digits(10^100%+d) differ from the greedy digits", s.name, d)
			}
			if back := s.ns.FromDigits(got); back.Cmp(x) != 0 {
				t.Fatalf("%s: 10^100%+d does not round-trip: %s", s.name, d, back)
			}
			if !isGreedyBig(wb, got) {
				t.Fatalf("%s: the digits of 10^100%+d are not greedy", s.name, d)
			}
		}
		t.Logf("%s: 10^100 has %d digits", s.name, len(s.ns.Digits(googol)))
		// negative control: one digit of 10^100 flipped is another number
		d := s.ns.Digits(googol)
		d[len(d)/2] ^= 1
		if s.ns.FromDigits(d).Cmp(googol) == 0 {
			t.Fatalf("%s: a flipped digit did not change the number", s.name)
		}
	}
}

func isGreedyBig(w []*big.Int, d []byte) bool {
	x := new(big.Int)
	for i, b := range d {
		if b == 1 {
			x.Add(x, w[len(d)-1-i])
		}
	}
	return digitString(greedyBig(w, x)) == digitString(d)
}

func bigs(x ...int64) []*big.Int {
	out := make([]*big.Int, len(x))
	for i, v := range x {
		out[i] = big.NewInt(v)
	}
	return out
}

// NewNumeration refuses bad weights with an error that says what is wrong.
func TestNewNumerationRefuses(t *testing.T) {
	for _, c := range []struct {
		name    string
		weights []*big.Int
		c       int
		want    string
	}{
		{"x", bigs(2, 3, 5), 1, "the first weight is 2, want 1"},
		{"x", bigs(0, 1, 2), 1, "the first weight is 0, want 1"},
		{"x", bigs(1, 2, 2, 4), 1, "weight f_3 = 2 does not exceed f_2 = 2"},
		{"x", bigs(1, 3, 2), 1, "weight f_3 = 2 does not exceed f_2 = 3"},
		{"x", bigs(1, 3, 4), 1, "f_2 - f_1 = 2 is not a weight"},
		{"x", bigs(1, 2, 3, 7), 1, "f_4 - f_3 = 4 is not a weight"},
		{"x", bigs(1, 2), 2, "2 weights for c = 2"},
		{"x", bigs(1, 2, 3, 4), 4, "4 weights for c = 4"},
		{"x", bigs(1), 0, "1 weights for c = 0"},
		{"x", bigs(1, 2), -1, "for c = -1"},
		{"a-b", bigs(1, 2), 1, `numeration name "a-b": want letters and digits`},
		{"", bigs(1, 2), 1, `numeration name "": want letters and digits`},
		{"_x", bigs(1, 2), 1, `numeration name "_x"`},
	} {
		ns, err := NewNumeration(c.name, c.weights, c.c)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewNumeration(%q, %v, %d) = %v, %v; want an error with %q", c.name, c.weights, c.c, ns, err, c.want)
		}
	}
	// and accepts good ones (negative control of the refusals)
	for _, c := range []struct {
		weights []*big.Int
		c       int
	}{{bigs(1, 2), 0}, {bigs(1, 2), 1}, {bigs(1, 2, 3, 5), 2}, {bigs(1, 2, 3, 4, 6), 3}, {bigs(1, 2, 3, 4), 1}} {
		if _, err := NewNumeration("ok", c.weights, c.c); err != nil {
			t.Errorf("NewNumeration(%v, %d): %v", c.weights, c.c, err)
		}
	}
}

// Equal: the same name and rule.
func TestNumerationEqual(t *testing.T) {
	same := mustNumeration("fib", []int64{1, 2, 3}, 1)
	if !Zeckendorf().Equal(same) || !same.Equal(Zeckendorf()) {
		t.Error("fib given as 1, 2, 3 differs from Zeckendorf()")
	}
	if Zeckendorf().Equal(mustNumeration("zeck", []int64{1, 2}, 1)) {
		t.Error("another name is equal")
	}
	if Zeckendorf().Equal(mustNumeration("fib", []int64{1, 2, 3, 4}, 1)) {
		t.Error("other weights are equal")
	}
	if Binary().Equal(Zeckendorf()) {
		t.Error("bin equals fib")
	}
}
