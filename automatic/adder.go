package automatic

import (
	"context"
	"fmt"
	"math"
)

// AdderInfo says how an adder was built.
type AdderInfo struct {
	Dominant float64 // theta, the dominant root of x^{c+1} - x^c - 1
	Bound    float64 // the search kept |sum u_i theta^i| <= Bound
	Explored int     // states of the search, before minimising
	States   int     // states of the minimal adder
	// PerLength[l] is the number of states first reached after l digits:
	// a search that closes shows it fall to 0.
	PerLength []int
}

// Dominant returns the dominant root of x^{c+1} - x^c - 1 (2 for c = 0,
// the golden ratio for c = 1).
func Dominant(c int) float64 {
	lo, hi := 1.0, 2.0
	for range 200 {
		m := (lo + hi) / 2
		if math.Pow(m, float64(c+1))-math.Pow(m, float64(c))-1 > 0 {
			hi = m
		} else {
			lo = m
		}
	}
	return (lo + hi) / 2
}

// maxC is the largest c the adder's search handles (its state holds c+1
// numbers).
const maxC = 11

// adderState is a state of the search: u, the deficit x + y - z of the
// digits read so far written on the virtual weights v_{m+1}..v_{m+c+1} (m
// digits left); the last digits' deficits, for the corrections f_i - v_i
// of the first weights; and the recogniser's states of the three tracks.
type adderState struct {
	u   [maxC + 1]int32
	win uint32
	rec uint64
}

// BuildAdder returns the 3-track automaton of x + y = z (tracks x, y, z)
// in ns, built from the weights as Frougny's normalisation suggests: with m
// digits left, the digits read so far contribute sum_i u_i v_{m+1+i} to
// x + y - z, where v are virtual weights that follow f_{k+1} = f_k +
// f_{k-c} at every index (f_i = v_i + eps_i, eps_i = 0 beyond the first
// weights); a digit deficit e = x_m + y_m - z_m adds e v_m, and the
// recurrence rewrites the sum on v_m..v_{m+c}. A word is accepted when the
// sum on v_1..v_{c+1}, plus the corrections of its last digits, is 0.
// States whose dominant part |sum u_i theta^i| exceeds bound are dropped:
// it grows by the factor theta at every digit past 2/(theta - 1), so no
// suffix brings it back. The search stops with a [*BudgetError] past
// budget states (0: none), and with ctx's error when ctx is done.
//
// For a Pisot theta (c <= 3) the search closes: the other components of
// u shrink at every digit. The result is a candidate: [ProveAdder] proves
// it.
func (ns *Numeration) BuildAdder(ctx context.Context, bound float64, budget int) (*Automaton, AdderInfo, error) {
	c := ns.c
	if c > maxC {
		return nil, AdderInfo{}, fmt.Errorf("automatic: the adder's search handles c <= %d, not %d", maxC, c)
	}
	if ns.vErr != nil {
		return nil, AdderInfo{}, ns.vErr
	}
	theta := Dominant(c)
	info := AdderInfo{Dominant: theta, Bound: bound}
	pw := make([]float64, c+1)
	for i := range pw {
		pw[i] = math.Pow(theta, float64(i))
	}
	v := make([]int64, c+1)
	for i := range v {
		v[i] = ns.vfirst[i].Int64()
	}
	B := len(ns.eps)
	if B > 16 {
		return nil, info, fmt.Errorf("automatic: %d corrected weights, more than the adder's window holds", B)
	}
	winMask := uint32(1)<<uint(2*B) - 1
	t := ns.tuple([]int{0, 1, 2})
	step := func(s adderState, sym uint32) (adderState, bool) {
		rec, ok := t.step(s.rec, sym)
		if !ok {
			return adderState{}, false
		}
		e := int32(sym&1) + int32(sym>>1&1) - int32(sym>>2&1)
		var u adderState
		if c == 0 {
			u.u[0] = e + 2*s.u[0]
		} else {
			u.u[0] = e + s.u[c]
			for i := 1; i < c; i++ {
				u.u[i] = s.u[i-1]
			}
			u.u[c] = s.u[c-1] + s.u[c]
		}
		p := 0.0
		for i := 0; i <= c; i++ {
			p += float64(u.u[i]) * pw[i]
		}
		if math.Abs(p) > bound {
			return adderState{}, false
		}
		u.win = (s.win<<2 | uint32(e)&3) & winMask // e = -1 is 3: a zero window is no deficit
		u.rec = rec
		return u, true
	}
	accept := func(s adderState) bool {
		if !t.accepting(s.rec) {
			return false
		}
		var d int64
		for i := 0; i <= c; i++ {
			d += int64(s.u[i]) * v[i]
		}
		for j := range B { // position j+1 is the (j+1)-th digit from the end
			e := int64(s.win >> uint(2*j) & 3)
			if e == 3 {
				e = -1
			}
			d += e * ns.eps[j]
		}
		return d == 0
	}
	lim := &limits{ctx: ctx, budget: budget, op: "the adder's search"}
	// Breadth first, level by level, to count the states new at each length.
	ids := map[adderState]int{{}: 0}
	level := []adderState{{}}
	a := newAutomaton(ns, 3, 0)
	a.addState(accept(adderState{}))
	info.PerLength = append(info.PerLength, 1)
	for len(level) > 0 {
		var nextLevel []adderState
		for _, s := range level {
			if err := lim.check(len(ids), 3); err != nil {
				info.Explored = len(ids)
				return nil, info, err
			}
			i := ids[s]
			for sym := uint32(0); sym < 8; sym++ {
				u, ok := step(s, sym)
				if !ok {
					continue
				}
				id, seen := ids[u]
				if !seen {
					id = a.addState(accept(u))
					ids[u] = id
					nextLevel = append(nextLevel, u)
				}
				a.next[i<<3|int(sym)] = int32(id)
			}
		}
		if len(nextLevel) > 0 {
			info.PerLength = append(info.PerLength, len(nextLevel))
		}
		level = nextLevel
	}
	info.Explored = a.States()
	m := Minimize(a)
	info.States = m.States()
	return m, info, nil
}

// AdderBound is the bound Adder's search starts with: past 2/(theta - 1)
// the dominant part grows forever; the margin covers the other components
// and the first weights.
func AdderBound(c int) float64 { return 2/(Dominant(c)-1) + 4 }

// Adder returns the 3-track automaton of x + y = z (tracks x, y, z) of ns,
// built once by BuildAdder and proved once by ProveAdder (with a wider bound
// and again, when the proof fails). It is an error when no bound up to 64
// times the first gives a proved adder, or when the search does not close
// within 10^6 states (a numeration that is not Pisot).
func (ns *Numeration) Adder() (*Automaton, error) {
	ns.adderOnce.Do(func() {
		bound := AdderBound(ns.c)
		for range 7 {
			a, info, err := ns.BuildAdder(context.Background(), bound, 1_000_000)
			if err != nil {
				ns.adderErr = err
				return
			}
			ns.adderInfo = info
			if err := ProveAdder(context.Background(), a); err == nil {
				ns.adder = a
				return
			} else {
				ns.adderErr = err
			}
			bound *= 2
		}
	})
	if ns.adder == nil {
		return nil, fmt.Errorf("automatic: no adder for %s: %w", ns, ns.adderErr)
	}
	return ns.adder, nil
}

// AdderInfo returns how the proved adder of ns was built (after Adder).
func (ns *Numeration) AdderInfo() AdderInfo {
	ns.Adder()
	return ns.adderInfo
}

// AdderStatements returns the statements that prove, by induction on y,
// that the 3-track automaton named "add" is addition: with the successor
// defined from < (succ(x, y): x < y and nothing lies between),
//
//	add_zero:  for all x, z:        add(x, 0, z) <=> z = x
//	add_step:  for all x, w, z':    w >= 1 => (add(x, w, z') <=> exists y, z: succ(y, w) & add(x, y, z) & succ(z, z'))
//
// Then add(x, y, .) holds of x + y alone, for every x and y: y = 0 is
// add_zero, and y + 1 = w follows from y. The existential side is defined
// in two steps, so that no automaton has more than four tracks:
// addsucc(x, y, z') := exists z: add(x, y, z) & succ(z, z'), and
// addstep(x, w, z') := exists y: succ(y, w) & addsucc(x, y, z').
func AdderStatements() Script {
	x, y, z, w, zp, t := V("x"), V("y"), V("z"), V("w"), V("zz"), V("t")
	return Script{
		Define("succ", []string{"x", "y"}, And(Lt(x, y), Not(Exists("t", And(Lt(x, t), Lt(t, y)))))),
		Define("addsucc", []string{"x", "y", "zz"}, Exists("z", And(Pred("add", x, y, z), Pred("succ", z, zp)))),
		Define("addstep", []string{"w", "x", "zz"}, Exists("y", And(Pred("succ", y, w), Pred("addsucc", x, y, zp)))),
		// Claims of open formulas (their universal closure), so that a
		// failure has a least counterexample to name.
		Claim("add_zero", Iff(Pred("add", x, N(0), z), Eq(z, x))),
		Claim("add_step", Implies(Le(N(1), w), Iff(Pred("add", x, w, zp), Pred("addstep", w, x, zp)))),
	}
}

// ProveAdder proves, with this package's own decision procedure and
// without +, that a (3 tracks) accepts exactly the triples (x, y, x+y):
// it runs AdderStatements with a as "add". It returns an error naming the
// first statement that fails, with its least counterexample.
func ProveAdder(ctx context.Context, a *Automaton) error {
	if a.k != 3 {
		return fmt.Errorf("automatic: an adder has 3 tracks, not %d", a.k)
	}
	e := NewEnv(a.ns)
	if err := e.Define("add", a); err != nil {
		return err
	}
	res, err := e.Run(ctx, AdderStatements())
	if err != nil {
		return err
	}
	for _, r := range res {
		if r.Kind == ClaimStep && !r.Holds {
			return fmt.Errorf("adder of %s: %s fails at %s", a.ns, r.Name, r.CounterString())
		}
	}
	return nil
}
