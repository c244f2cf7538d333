package automatic

import (
	"context"
	"fmt"
	"sync"
)

// The relation t = floor(p k / q) of a rational p/q > 0: the cap of a move
// of n-times nim with multiplier p/q. Compiled from its definition
// q t <= p k < q t + q, it needs c k for large constants, and each product
// is a product of adders; here it is built directly, as the adder is, and
// proved by induction.

// Remainder returns the 2-track automaton of p k - q t = j (tracks k, t),
// built by the deficit search (no product of automata). A candidate:
// [ProveFloor] proves all of them at once.
func (ns *Numeration) Remainder(ctx context.Context, p, q, j int64, budget int) (*Automaton, AdderInfo, error) {
	if p < 1 || q < 1 || p > 1<<20 || q > 1<<20 {
		return nil, AdderInfo{}, fmt.Errorf("automatic: Remainder(%d, %d): want 1..2^20", p, q)
	}
	bound := float64(p+q)/(Dominant(ns.c)-1) + 4 + float64(j)
	return ns.buildLinear(ctx, []int32{int32(p), int32(-q)}, j, bound, budget, fmt.Sprintf("the search of %dk - %dt = %d", p, q, j))
}

// FloorStatements returns the statements that prove, by induction on k,
// that the automata named rem0..rem{q-1} are the relations p k - q t = j,
// j = 0..q-1 (p and q coprime):
//
//	rem_base:  for all t:          rem0(0, t) <=> t = 0, and not remJ(0, t) for J > 0
//	rem_stepJ: for all k, kk, tt:  succ(k, kk) => (remJ'(kk, tt) <=> exists t: remJ(k, t) & tt = t + d)
//
// with J' = (J + p) mod q and d = (J + p) div q: p (k+1) - q (t + d) =
// J + p - q d = J'. Each J' has one J (p is invertible mod q), so the
// claims give every remJ at k+1 from those at k.
func FloorStatements(p, q int64) Script {
	k, kk, t, tt := V("k"), V("kk"), V("t"), V("tt")
	s := Script{
		Define("succ", []string{"x", "y"}, And(Lt(V("x"), V("y")), Not(Exists("z", And(Lt(V("x"), V("z")), Lt(V("z"), V("y"))))))),
	}
	base := []Formula{Iff(Pred("rem0", N(0), t), Eq(t, N(0)))}
	for j := int64(1); j < q; j++ {
		base = append(base, Not(Pred(fmt.Sprintf("rem%d", j), N(0), t)))
	}
	s = append(s, Claim("rem_base", ForAll("t", And(base...))))
	for j := int64(0); j < q; j++ {
		j2, d := (j+p)%q, (j+p)/q
		step := fmt.Sprintf("remstep%d", j2)
		s = append(s,
			Define(step, []string{"k", "tt"}, Exists("t", And(Pred(fmt.Sprintf("rem%d", j), k, t), Eq(tt, Plus(t, N(d)))))),
			Claim(fmt.Sprintf("rem_step%d", j2), ForAll("k kk tt", Implies(Pred("succ", k, kk),
				Iff(Pred(fmt.Sprintf("rem%d", j2), kk, tt), Pred(step, k, tt))))))
	}
	return s
}

// ProveFloor proves rems[j] (2 tracks (k, t)) to be p k - q t = j for
// every j = 0..q-1, by FloorStatements. It returns an error naming the
// first statement that fails, with its least counterexample.
func ProveFloor(ctx context.Context, ns *Numeration, p, q int64, rems []*Automaton) error {
	if int64(len(rems)) != q || gcd(p, q) != 1 {
		return fmt.Errorf("automatic: ProveFloor(%d, %d) with %d relations", p, q, len(rems))
	}
	e := NewEnv(ns)
	for j, a := range rems {
		if err := e.Define(fmt.Sprintf("rem%d", j), a); err != nil {
			return err
		}
	}
	res, err := e.Run(ctx, FloorStatements(p, q))
	if err != nil {
		return err
	}
	for _, r := range res {
		if r.Kind == ClaimStep && !r.Holds {
			return fmt.Errorf("%dk - %dt in %s: %s fails at %s", p, q, ns, r.Name, r.CounterString())
		}
	}
	return nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

type floorCache struct {
	mu   sync.Mutex
	rems map[[2]int64][]*Automaton
}

var floors sync.Map // *Numeration -> *floorCache

// Remainders returns the 2-track automata of p k - q t = j (tracks k, t)
// for j = 0..q-1 (p and q coprime, q <= 64), built by Remainder and proved
// together by ProveFloor, once per numeration; nil when a search passes its
// budget, the proof fails, or ctx is done (then nothing is cached).
func (ns *Numeration) Remainders(ctx context.Context, p, q int64) []*Automaton {
	v, _ := floors.LoadOrStore(ns, &floorCache{rems: map[[2]int64][]*Automaton{}})
	fc := v.(*floorCache)
	fc.mu.Lock()
	defer fc.mu.Unlock()
	key := [2]int64{p, q}
	if r, ok := fc.rems[key]; ok {
		return r
	}
	if p < 1 || q < 1 || gcd(p, q) != 1 || q > 64 {
		return nil
	}
	rems := make([]*Automaton, q)
	for j := range rems {
		a, _, err := ns.Remainder(ctx, p, q, int64(j), 2_000_000)
		if err != nil {
			rems = nil
			break
		}
		rems[j] = a
	}
	if rems != nil && ProveFloor(ctx, ns, p, q, rems) != nil {
		rems = nil
	}
	if ctx.Err() != nil {
		return nil
	}
	fc.rems[key] = rems
	return rems
}

// Floor returns the 2-track automaton of t = floor(p k / q) (tracks k,
// t; p and q coprime): the union of the proved relations p k - q t = j,
// 0 <= j < q (Remainders); nil where Remainders is.
func (ns *Numeration) Floor(ctx context.Context, p, q int64) *Automaton {
	rems := ns.Remainders(ctx, p, q)
	if rems == nil {
		return nil
	}
	out := rems[0]
	for _, a := range rems[1:] {
		out = Union(out, a)
	}
	return out
}
