package grundy

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// maxMultiplierPart bounds the numerator and denominator of a Multiplier so
// that P*k cannot overflow uint64 for any pile size k < 2^32.
const maxMultiplierPart = 1 << 31

// Multiplier is an exact rational a = P/Q >= 1 in lowest terms. The quota
// after removing k tokens is floor(a*k).
type Multiplier struct {
	P, Q uint64
}

// Fibonacci is the multiplier of Fibonacci nim, a = 2.
var Fibonacci = Multiplier{P: 2, Q: 1}

// ParseMultiplier reads a multiplier given as an integer ("2"), a fraction
// ("7/2") or a decimal ("3.5"). It returns an error if the text is not a
// number, has a zero denominator, is below 1, or has a numerator or
// denominator of 2^31 or more in lowest terms.
func ParseMultiplier(s string) (Multiplier, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Multiplier{}, errors.New("empty multiplier")
	}
	if strings.ContainsAny(t, "eE") {
		return Multiplier{}, fmt.Errorf("multiplier %q: write it as an integer, a fraction p/q or a decimal", s)
	}
	if i := strings.IndexByte(t, '/'); i >= 0 {
		den := strings.TrimSpace(t[i+1:])
		if strings.Trim(den, "0") == "" && den != "" {
			return Multiplier{}, fmt.Errorf("multiplier %q: zero denominator", s)
		}
	}
	x, ok := new(big.Rat).SetString(t)
	if !ok {
		return Multiplier{}, fmt.Errorf("multiplier %q is not a number (want e.g. 2, 7/2 or 3.5)", s)
	}
	return MultiplierFromRat(x)
}

// MultiplierFromRat converts an exact rational to a Multiplier.
func MultiplierFromRat(x *big.Rat) (Multiplier, error) {
	if x.Cmp(big.NewRat(1, 1)) < 0 {
		return Multiplier{}, fmt.Errorf("multiplier %s is below 1", x.RatString())
	}
	p, q := x.Num(), x.Denom()
	lim := big.NewInt(maxMultiplierPart)
	if p.Cmp(lim) >= 0 || q.Cmp(lim) >= 0 {
		return Multiplier{}, fmt.Errorf("multiplier %s: numerator and denominator must be below 2^31", x.RatString())
	}
	return Multiplier{P: p.Uint64(), Q: q.Uint64()}, nil
}

// Rat returns a as a big.Rat.
func (a Multiplier) Rat() *big.Rat {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(a.P), new(big.Int).SetUint64(a.Q))
}

// Quota returns floor(a*k), the most the next player may remove after k
// tokens were removed. k must be below 2^32.
func (a Multiplier) Quota(k int) int {
	return int(uint64(k) * a.P / a.Q)
}

// MinRemoval returns ceil(r/a), the least k >= 0 with floor(a*k) >= r.
func (a Multiplier) MinRemoval(r int) int {
	return int((uint64(r)*a.Q + a.P - 1) / a.P)
}

// String returns "p" or "p/q".
func (a Multiplier) String() string {
	if a.Q == 1 {
		return fmt.Sprintf("%d", a.P)
	}
	return fmt.Sprintf("%d/%d", a.P, a.Q)
}

// Folder returns the name used in folder names: "p" or "p_q". It uses only
// digits and '_', so it is safe on every filesystem.
func (a Multiplier) Folder() string {
	if a.Q == 1 {
		return fmt.Sprintf("%d", a.P)
	}
	return fmt.Sprintf("%d_%d", a.P, a.Q)
}

// ParseFolder reverses Folder.
func ParseFolder(s string) (Multiplier, error) {
	return ParseMultiplier(strings.Replace(s, "_", "/", 1))
}

// FolderPrefix starts the name of every folder that holds one multiplier's
// files in a results folder: grundy/mult=A, global/mult=A, atlas/mult=A,
// automata/mult=A, frontier/mult=A. It is spelled here and nowhere else
// (TestFolderNameSpelledOnce): write the name with FolderName, match it
// with FolderGlob, read it back with ParseFolderName.
const FolderPrefix = "mult="

// FolderGlob matches every FolderName (filepath.Match, filepath.Glob).
const FolderGlob = FolderPrefix + "*"

// FolderName returns the name of a's folder: "mult=" + a.Folder(), e.g.
// "mult=2" or "mult=5_2", hive-style, so that DuckDB and pyarrow read a
// column mult from a path.
func (a Multiplier) FolderName() string {
	return FolderPrefix + a.Folder()
}

// ParseFolderName reverses FolderName. ok is false for a name that does
// not start with FolderPrefix (not a multiplier's folder); err is not nil
// for one that does but names no multiplier ("mult=x", "mult=1_2").
func ParseFolderName(name string) (a Multiplier, ok bool, err error) {
	rest, ok := strings.CutPrefix(name, FolderPrefix)
	if !ok {
		return Multiplier{}, false, nil
	}
	a, err = ParseFolder(rest)
	return a, true, err
}

// ceilDiv computes ceil(r/a) = MinRemoval(r) for r < 2^32 without a
// hardware division: ceil(rQ/P) = floor((rQ+P-1)/P), and floor(x/P) is
// the high word of x*M with M = ceil(2^64/P) (a divisor, below), exact
// whenever x*P < 2^64 (Lemire, Kaser & Kurz, "Faster remainder by direct
// computation", 2019). For an integer a (Q = 1) that holds for every
// r < 2^32, and for a fraction whenever (2^32 Q + P) P < 2^64, which covers
// every multiplier with P, Q < 2^15; beyond, the division is exact too.
type ceilDiv struct {
	a Multiplier
	m uint64  // integer a >= 2: ceil(2^64/P); 0 otherwise
	p divisor // fractions: floor(x/P)
}

func newCeilDiv(a Multiplier) ceilDiv {
	d := ceilDiv{a: a, p: newDivisor(a.P)}
	if a.Q == 1 && a.P >= 2 && a.P < 1<<31 {
		d.m = ^uint64(0)/a.P + 1
	}
	return d
}

func (d *ceilDiv) minRemoval(r uint32) uint32 {
	switch {
	case d.m != 0:
		q, _ := bits.Mul64(uint64(r)+d.a.P-1, d.m)
		return uint32(q)
	case d.a.Q == 1: // a = 1
		return r
	default:
		return uint32(d.p.div(uint64(r)*d.a.Q + d.a.P - 1))
	}
}

// divisor computes floor(u/d) as the high word of u*m, m = ceil(2^64/d),
// for u below lim = floor((2^64-1)/d), and by a hardware division above.
// Exact: with e = m*d - 2^64 in [0, d), u*m/2^64 = u/d + u*e/(d 2^64),
// and u*e < u*d < 2^64 keeps the second term below 1/d, too little to
// carry u/d past the next integer.
type divisor struct {
	d, m, lim uint64
}

func newDivisor(d uint64) divisor {
	if d < 2 {
		return divisor{d: max(d, 1)} // lim = 0: divide (only d = 1 is used)
	}
	return divisor{d: d, m: ^uint64(0)/d + 1, lim: ^uint64(0) / d}
}

func (x *divisor) div(u uint64) uint64 {
	if u < x.lim {
		q, _ := bits.Mul64(u, x.m)
		return q
	}
	return u / x.d
}

// ParseExactList reads multipliers as a plan file lists them: each
// written exactly as Multiplier.String writes it, in increasing order,
// without repeats (the atlas's and the automata sweep's plans).
func ParseExactList(ss []string) ([]Multiplier, error) {
	out := make([]Multiplier, len(ss))
	for i, s := range ss {
		a, err := ParseMultiplier(s)
		if err != nil || a.String() != s {
			return nil, fmt.Errorf("multiplier %q is not written exactly", s)
		}
		if i > 0 && a.Rat().Cmp(out[i-1].Rat()) <= 0 {
			return nil, fmt.Errorf("multipliers are not sorted and distinct at %q", s)
		}
		out[i] = a
	}
	return out, nil
}
