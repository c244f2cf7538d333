package grundyproof

import (
	"fmt"
	"math/big"
	"sync"

	"fibnim/automatic"
	"fibnim/grundy"
	"fibnim/ntimes"
)

// System is the numeration of a multiplier a: the greedy system of the
// start piles f_1 < f_2 < ... of its P-positions (Frankl & Tokushige,
// Theorem 1: f_{k+1} = f_k + f_{r(k)}, r(k) the least r with a f_r >= f_k),
// with f_{k+1} = f_k + f_{k-c} from a proved window on (ntimes.Prove).
// Schwenk's condition on consecutive parts, a f_j < f_i, is the greedy
// condition (j < r(i)), so the valid words are the game's own.
type System struct {
	A  grundy.Multiplier
	C  int // c(a): f_{k+1} = f_k + f_{k-c} for large k
	NS *automatic.Numeration
	// Pisot: c <= 3, so x^{c+1} - x^c - 1 has a Pisot dominant root and
	// addition is automatic (Frougny; Bruyère & Hansel). Beyond (a >= 7/2),
	// the method does not decide the game's statements.
	Pisot bool
	Band  Band
}

// Band is one of the four intervals of real multipliers below 7/2 on which
// the weights f_k are the same (Frankl & Tokushige, Table 1): [1, 2) c = 0,
// base 2; [2, 5/2) c = 1, Zeckendorf; [5/2, 3) c = 2, OEIS A003410; [3, 7/2)
// c = 3, OEIS A003411. For a >= 7/2 the band is that of c alone.
type Band struct {
	From, To *big.Rat // From included, To excluded (nil: unbounded)
	C        int
	Name     string // the numeration's name (Walnut's msd_NAME)
	OEIS     string // the weights' OEIS number, where there is one
}

// Bands are the four Pisot bands, in increasing a.
var Bands = []Band{
	{big.NewRat(1, 1), big.NewRat(2, 1), 0, "bin", "A000079"},
	{big.NewRat(2, 1), big.NewRat(5, 2), 1, "fib", "A000045"},
	{big.NewRat(5, 2), big.NewRat(3, 1), 2, "ntc2", "A003410"},
	{big.NewRat(3, 1), big.NewRat(7, 2), 3, "ntc3", "A003411"},
}

// PisotLimit is 7/2: below it c(a) <= 3.
var PisotLimit = big.NewRat(7, 2)

var systems sync.Map // grundy.Multiplier -> *System

// SystemOf returns the numeration of multiplier a (cached). For a in a
// Pisot band the numeration is the band's, named as in Bands; beyond, it is
// named ntP_Q and marked not Pisot.
func SystemOf(a grundy.Multiplier) (*System, error) {
	if s, ok := systems.Load(a); ok {
		return s.(*System), nil
	}
	s, err := newSystem(a)
	if err != nil {
		return nil, err
	}
	v, _ := systems.LoadOrStore(a, s)
	return v.(*System), nil
}

func newSystem(a grundy.Multiplier) (*System, error) {
	if a.P < a.Q || a.Q == 0 {
		return nil, fmt.Errorf("grundyproof: multiplier %s below 1", a)
	}
	r := a.Rat()
	// The terms up to a window of the lemma (ntimes.Proof): c is then
	// proved for all k.
	var seq *ntimes.Seq
	var pr ntimes.Proof
	for K := 64; ; K *= 2 {
		seq = ntimes.Sequence(r, K)
		if pr = ntimes.Prove(seq.R); pr.OK {
			break
		}
		if K > 1<<16 {
			return nil, fmt.Errorf("grundyproof: multiplier %s: no window proves c(a) within %d terms", a, K)
		}
	}
	s := &System{A: a, C: pr.C, Pisot: pr.C <= 3}
	name := "nt" + a.Folder()
	s.Band = Band{C: pr.C, Name: name}
	for _, b := range Bands {
		if r.Cmp(b.From) >= 0 && r.Cmp(b.To) < 0 {
			s.Band = b
			name = b.Name
		}
	}
	if s.Pisot && s.Band.C != pr.C {
		return nil, fmt.Errorf("grundyproof: multiplier %s: c = %d, but its band has c = %d", a, pr.C, s.Band.C)
	}
	K := pr.K + 1 // f_1..f_{K}: the window's terms and the next
	ns, err := automatic.NewNumeration(name, seq.F[:K], pr.C)
	if err != nil {
		return nil, fmt.Errorf("grundyproof: multiplier %s: %w", a, err)
	}
	// The numeration's made weights must be the sequence's.
	for i := K + 1; i <= seq.Len(); i++ {
		if ns.Weight(i).Cmp(seq.F[i-1]) != 0 {
			return nil, fmt.Errorf("grundyproof: multiplier %s: f_%d = %s, the recurrence gives %s", a, i, seq.F[i-1], ns.Weight(i))
		}
	}
	// Within a band every multiplier has the same weights: the band's
	// numeration is shared, so that automata of two multipliers of one
	// band combine.
	if s.Pisot {
		if b, ok := bandSystems.Load(name); ok {
			if !b.(*automatic.Numeration).Equal(ns) {
				return nil, fmt.Errorf("grundyproof: multiplier %s: its weights differ from its band's", a)
			}
			ns = b.(*automatic.Numeration)
		} else {
			v, _ := bandSystems.LoadOrStore(name, ns)
			ns = v.(*automatic.Numeration)
		}
	}
	s.NS = ns
	return s, nil
}

var bandSystems sync.Map // band name -> *automatic.Numeration

// Decidable reports nil when the mex induction is decidable for the
// system (Pisot), and otherwise the reason, for the report.
func (s *System) Decidable() error {
	if s.Pisot {
		return nil
	}
	return fmt.Errorf("a = %s: not decidable by this method: numeration not Pisot (c = %d; x^%d - x^%d - 1 has a root of modulus >= 1 besides its dominant root)", s.A, s.C, s.C+1, s.C)
}
