package ntimes

import (
	"math/big"
	"reflect"
	"testing"
)

func ints(s *Seq) []int {
	out := make([]int, s.Len())
	for i, f := range s.F {
		out[i] = int(f.Int64())
	}
	return out
}

// The recurrence and the brute-force game solver agree, for integer and
// non-integer multipliers on both sides of every threshold printed in the
// paper's real-n table (2, 5/2, 3, 7/2, 11/3, 43/11, 13/3, 14/3, 51/10).
func TestRecurrenceEqualsBrute(t *testing.T) {
	var mults []*big.Rat
	for _, s := range []string{"1", "2", "5/2", "3", "7/2", "11/3", "43/11", "13/3", "14/3", "51/10", "4", "5", "6", "7", "10"} {
		x, _ := new(big.Rat).SetString(s)
		eps := big.NewRat(1, 1000)
		mults = append(mults, x, new(big.Rat).Add(x, eps))
		if x.Cmp(big.NewRat(1, 1)) > 0 {
			mults = append(mults, new(big.Rat).Sub(x, eps))
		}
	}
	mults = append(mults, big.NewRat(3, 2), big.NewRat(13, 10), big.NewRat(22, 7))
	const B = 3000
	for _, a := range mults {
		want := Brute(a, B)
		s := Sequence(a, 1)
		for s.F[s.Len()-1].Int64() <= B {
			s = Sequence(a, s.Len()+1)
		}
		got := ints(s)[:s.Len()-1]
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("a=%s: recurrence %v\nbrute %v", a.RatString(), got, want)
		}
	}
}

// Whinihan: a = 2 gives the Fibonacci numbers.
func TestFibonacci(t *testing.T) {
	s := Sequence(big.NewRat(2, 1), 30)
	a, b := int64(1), int64(2)
	for k := 0; k < 30; k++ {
		if s.F[k].Int64() != a {
			t.Fatalf("f_%d = %v, want %d", k+1, s.F[k], a)
		}
		a, b = b, a+b
	}
}

// Frankl & Tokushige, the two sequences printed after Table 1.
func TestPaperExampleSequences(t *testing.T) {
	for _, c := range []struct {
		a    *big.Rat
		want []int
	}{
		{big.NewRat(7, 2), []int{1, 2, 3, 4, 6, 8, 11, 15, 21, 27, 35, 46}},
		{big.NewRat(11, 3), []int{1, 2, 3, 4, 6, 8, 11, 14, 18, 24, 32, 43}},
	} {
		if got := ints(Sequence(c.a, 12)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("F(%s) = %v, printed %v", c.a.RatString(), got, c.want)
		}
	}
}

func TestLU(t *testing.T) {
	// By hand from the definitions of Theorem 2 (vii):
	// a=2: log2/(log2-log1) = 1 -> L=1; log2/(log3-log2) = 1.71 -> U=2.
	// a=3: 1.0986/0.4055 = 2.71 -> L=2; 1.0986/0.2877 = 3.82 -> U=4.
	// a=4: 1.3863/0.2877 = 4.82 -> L=4; 1.3863/0.2231 = 6.21 -> U=7.
	// (The paper's Table 1 prints U = 1, 3, 6 here: the floor, not the
	// ceiling, of the ratio. compute ntimes reports this as a finding.)
	for _, c := range []struct{ a, L, U int }{{2, 1, 2}, {3, 2, 4}, {4, 4, 7}} {
		a := big.NewRat(int64(c.a), 1)
		if L, U := LowerL(a), UpperU(a); L != c.L || U != c.U {
			t.Errorf("a=%d: L=%d U=%d, want %d %d", c.a, L, U, c.L, c.U)
		}
	}
	if LowerL(big.NewRat(1, 1)) != 0 || UpperU(big.NewRat(1, 1)) != 0 {
		t.Error("a=1: want L = U = 0")
	}
}

func TestTheoremsHoldAndCorruptionIsCaught(t *testing.T) {
	for _, a := range []*big.Rat{big.NewRat(2, 1), big.NewRat(7, 2), big.NewRat(14, 1), big.NewRat(43, 11)} {
		s, e := Solve(a, 500, 10, 1<<16)
		if v := CheckTheorems(s, e); len(v) != 0 {
			t.Fatalf("a=%s: %v", a.RatString(), v[0])
		}
	}
	a := big.NewRat(5, 1)
	s, e := Solve(a, 500, 10, 1<<16)
	clauses := func(v []Violation) map[string]int {
		m := map[string]int{}
		for _, x := range v {
			m[x.Clause]++
		}
		return m
	}
	// Corrupt one term: f_40 + 1.
	bad := &Seq{A: a, F: append([]*big.Int(nil), s.F...), R: append([]int(nil), s.R...)}
	bad.F[39] = new(big.Int).Add(bad.F[39], big.NewInt(1))
	if v := clauses(CheckTheorems(bad, e)); v["T1(i-ii)"] == 0 {
		t.Errorf("f_40+1 not caught: %v", v)
	}
	// Corrupt r: a jump of 2 in r(k).
	bad = &Seq{A: a, F: s.F, R: append([]int(nil), s.R...)}
	bad.R[60] += 2
	if v := clauses(CheckTheorems(bad, e)); v["T1(iv)"] == 0 || v["T1(i-ii)"] == 0 {
		t.Errorf("r(61)+2 not caught: %v", v)
	}
	// A wrong c is caught by (vii).
	e2 := e
	e2.C = e.U + 1
	if v := clauses(CheckTheorems(s, e2)); v["T2(vii)"] != 1 {
		t.Errorf("c = U+1 not caught: %v", v)
	}
	// A sequence that grows too slowly violates (iii); too fast violates (vi).
	slow := &Seq{A: a, F: []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(4), big.NewInt(5), big.NewInt(6), big.NewInt(7)}, R: []int{1, 1, 1, 1, 1, 1, 1}}
	if v := clauses(CheckTheorems(slow, Eventual{})); v["T1(iii)"] == 0 || v["eq(1)"] == 0 {
		t.Errorf("slow sequence not caught: %v", v)
	}
	fast := &Seq{A: a, F: append([]*big.Int(nil), s.F...), R: s.R}
	fast.F[len(fast.F)-1] = new(big.Int).Mul(fast.F[len(fast.F)-2], big.NewInt(3))
	if v := clauses(CheckTheorems(fast, e)); v["T2(vi)"] == 0 {
		t.Errorf("jump not caught by (vi): %v", v)
	}
}

// The exact real thresholds reproduce the paper's interval table:
// c = 4 on [7/2, 43/11), 5 on [43/11, 13/3), 6 on [13/3, 14/3), 7 on [14/3, 51/10).
func TestCIntervalsPaperRange(t *testing.T) {
	cs, un := CIntervals(12, 1024, big.NewRat(51, 10), 1000, 10, 1<<16)
	if len(un) != 0 {
		t.Fatalf("unresolved pieces: %v", un)
	}
	want := []struct {
		lo string
		c  int
	}{{"1", 0}, {"2", 1}, {"5/2", 2}, {"3", 3}, {"7/2", 4}, {"43/11", 5}, {"13/3", 6}, {"14/3", 7}, {"51/10", 8}}
	if len(cs) != len(want) {
		t.Fatalf("%d intervals, want %d", len(cs), len(want))
	}
	for i, w := range want {
		if cs[i].Lo.RatString() != w.lo || cs[i].C != w.c {
			t.Errorf("interval %d: [%s, ...) c=%d, want [%s, ...) c=%d", i, cs[i].Lo.RatString(), cs[i].C, w.lo, w.c)
		}
	}
}
