package automatic

import (
	"context"
	"fmt"
	"math"
	"sync"
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
	win uint64 // the last digits' deficits, a signed byte each
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
	return ns.buildLinear(ctx, []int32{1, 1, -1}, 0, bound, budget, "the adder's search")
}

// BuildMul returns the 2-track automaton of y = c x (tracks x, y), built
// as BuildAdder is, from the deficit c x - y. It is a candidate:
// [ProveMul] proves it.
func (ns *Numeration) BuildMul(ctx context.Context, c int, bound float64, budget int) (*Automaton, AdderInfo, error) {
	if c < 2 || c > 1<<20 {
		return nil, AdderInfo{}, fmt.Errorf("automatic: BuildMul(%d): want 2..2^20", c)
	}
	return ns.buildLinear(ctx, []int32{int32(c), -1}, 0, bound, budget, fmt.Sprintf("the search of y = %dx", c))
}

// buildLinear is the deficit search of the relation sum_i coeffs[i] x_i =
// target on len(coeffs) tracks.
func (ns *Numeration) buildLinear(ctx context.Context, coeffs []int32, target int64, bound float64, budget int, op string) (*Automaton, AdderInfo, error) {
	c := ns.c
	if c > maxC {
		return nil, AdderInfo{}, fmt.Errorf("automatic: the adder's search handles c <= %d, not %d", maxC, c)
	}
	k := len(coeffs)
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
	if B > 8 {
		return nil, info, fmt.Errorf("automatic: %d corrected weights, more than the search's window holds", B)
	}
	winMask := uint64(1)<<uint(8*B) - 1
	tracks := make([]int, k)
	for i := range tracks {
		tracks[i] = i
	}
	t := ns.tuple(tracks)
	step := func(s adderState, sym uint32) (adderState, bool) {
		rec, ok := t.step(s.rec, sym)
		if !ok {
			return adderState{}, false
		}
		var e int32
		for i, co := range coeffs {
			e += co * int32(sym>>uint(i)&1)
		}
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
		u.win = (s.win<<8 | uint64(uint8(int8(e)))) & winMask // a zero window is no deficit
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
			d += int64(int8(uint8(s.win>>uint(8*j)))) * ns.eps[j]
		}
		return d == target
	}
	lim := &limits{ctx: ctx, budget: budget, op: op}
	// Breadth first, level by level, to count the states new at each length.
	ids := map[adderState]int{{}: 0}
	level := []adderState{{}}
	a := newAutomaton(ns, k, 0)
	a.addState(accept(adderState{}))
	info.PerLength = append(info.PerLength, 1)
	for len(level) > 0 {
		var nextLevel []adderState
		for _, s := range level {
			if err := lim.check(len(ids), k); err != nil {
				info.Explored = len(ids)
				return nil, info, err
			}
			i := ids[s]
			for sym := uint32(0); sym < 1<<uint(k); sym++ {
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
				a.next[i<<uint(k)|int(sym)] = int32(id)
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

// MulStatements returns the statements that prove, by induction on x, that
// the 2-track automaton named "mul" is y = c x:
//
//	mul_zero:  for all y:          mul(0, y) <=> y = 0
//	mul_step:  for all x, xx, yy:  succ(x, xx) => (mul(xx, yy) <=> exists y: mul(x, y) & yy = y + c)
//
// with succ defined from the order as in AdderStatements, and + the
// numeration's proved adder. mulstep(x, yy) := exists y: mul(x, y) &
// yy = y + c keeps every step to three variables.
func MulStatements(c int64) Script {
	x, y, xx, yy, t := V("x"), V("y"), V("xx"), V("yy"), V("t")
	return Script{
		Define("succ", []string{"x", "y"}, And(Lt(x, y), Not(Exists("t", And(Lt(x, t), Lt(t, y)))))),
		Define("mulstep", []string{"x", "yy"}, Exists("y", And(Pred("mul", x, y), Eq(yy, Plus(y, N(c)))))),
		Claim("mul_zero", ForAll("y", Iff(Pred("mul", N(0), y), Eq(y, N(0))))),
		Claim("mul_step", ForAll("x xx yy", Implies(Pred("succ", x, xx), Iff(Pred("mul", xx, yy), Pred("mulstep", x, yy))))),
	}
}

// ProveMul proves that a (2 tracks) accepts exactly the pairs (x, c x):
// it runs MulStatements with a as "mul". It returns an error naming the
// first statement that fails, with its least counterexample.
func ProveMul(ctx context.Context, a *Automaton, c int64) error {
	if a.k != 2 {
		return fmt.Errorf("automatic: a multiplication has 2 tracks, not %d", a.k)
	}
	e := NewEnv(a.ns)
	if err := e.Define("mul", a); err != nil {
		return err
	}
	res, err := e.Run(ctx, MulStatements(c))
	if err != nil {
		return err
	}
	for _, r := range res {
		if r.Kind == ClaimStep && !r.Holds {
			return fmt.Errorf("y = %dx in %s: %s fails at %s", c, a.ns, r.Name, r.CounterString())
		}
	}
	return nil
}

// mulCache holds the proved automata of y = c x of a numeration.
type mulCache struct {
	mu sync.Mutex
	m  map[int64]*Automaton
}

var muls sync.Map // *Numeration -> *mulCache

// Mul returns the 2-track automaton of y = c x (2 <= c <= MulMax) in ns,
// built by BuildMul and proved by ProveMul, once per numeration and c; nil
// when c is out of range, when the search or the proof fails (the caller
// then builds y = c x from the adder), or when ctx is done (not cached).
func (ns *Numeration) Mul(ctx context.Context, c int64) *Automaton {
	if c < 2 || c > MulMax {
		return nil
	}
	v, _ := muls.LoadOrStore(ns, &mulCache{m: map[int64]*Automaton{}})
	mc := v.(*mulCache)
	mc.mu.Lock()
	defer mc.mu.Unlock()
	if a, ok := mc.m[c]; ok {
		return a
	}
	var out *Automaton
	bound := float64(c)/(Dominant(ns.c)-1) + 4
	for range 4 {
		a, _, err := ns.BuildMul(ctx, int(c), bound, 1_000_000)
		if err != nil {
			break
		}
		if ProveMul(ctx, a, c) == nil {
			out = a
			break
		}
		bound *= 2
	}
	if ctx.Err() != nil {
		return nil
	}
	mc.m[c] = out
	return out
}

// MulMax is the largest constant Mul builds directly; larger products are
// built by doubling and adding.
const MulMax = 16
