package automatic

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// adders holds each system's adder, built and proved once per test binary.
var adders sync.Map // system name -> *adderResult

type adderResult struct {
	once sync.Once
	a    *Automaton
	info AdderInfo
	err  error
}

func builtAdder(t *testing.T, s *system) (*Automaton, AdderInfo) {
	t.Helper()
	r, _ := adders.LoadOrStore(s.name, &adderResult{})
	ar := r.(*adderResult)
	ar.once.Do(func() {
		ar.a, ar.info, ar.err = s.ns.BuildAdder(context.Background(), AdderBound(s.c), 1_000_000)
		if ar.err == nil {
			ar.err = ProveAdder(context.Background(), ar.a)
		}
	})
	if ar.err != nil {
		t.Fatalf("%s: %v", s.name, ar.err)
	}
	return ar.a, ar.info
}

// adderSize is the size assertion of issue 42 ("the adder-size test only
// logs"): the minimal adder has want states.
func adderSize(a *Automaton, want int) error {
	if a.States() != want {
		return fmt.Errorf("%s: the adder has %d states, want %d", a.Numeration(), a.States(), want)
	}
	return nil
}

// The adder of each system, built from the weights and proved by
// induction: every triple of the box, every (x, y) below 200 with z = x+y
// and its neighbours, and seeded random sums of numbers up to 2^200.
func TestAdder(t *testing.T) {
	const seed = 9
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		a, info := builtAdder(t, s)
		if err := adderSize(a, s.adderStates); err != nil {
			t.Error(err)
		}
		if err := Sound(a, 3); err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
		sum := 0
		for _, n := range info.PerLength {
			sum += n
		}
		if sum != info.Explored || info.States != a.States() || info.PerLength[len(info.PerLength)-1] == 0 {
			t.Errorf("%s: AdderInfo %+v does not add up", s.name, info)
		}
		t.Logf("%s: explored %d states, %d minimal, %d digit lengths", s.name, info.Explored, info.States, len(info.PerLength))
		box := uint64(30)
		if testing.Short() {
			box = 16
		}
		checkRel(t, s, "x + y = z", a, box, func(x []uint64) bool { return x[0]+x[1] == x[2] })
		plane := uint64(200)
		if testing.Short() {
			plane = 60
		}
		for x := range plane {
			for y := range plane {
				for d := uint64(0); d <= 2; d++ {
					if x+y+d == 0 {
						continue
					}
					z := x + y + d - 1
					if member(s, a, []uint64{x, y, z}) != (d == 1) {
						t.Fatalf("%s: the adder at (%d, %d, %d)", s.name, x, y, z)
					}
				}
			}
		}
		for range 300 {
			x, y := randBig(rng, rng.IntN(200)+1), randBig(rng, rng.IntN(200)+1)
			z := new(big.Int).Add(x, y)
			zz := new(big.Int).Add(z, big.NewInt(int64(rng.IntN(3))-1))
			if zz.Sign() < 0 {
				continue
			}
			if acceptsWord(a, s.wordBig([]*big.Int{x, y, z})) != true || acceptsWord(a, s.wordBig([]*big.Int{x, y, zz})) != (zz.Cmp(z) == 0) {
				t.Fatalf("%s: the adder at (%s, %s, %s)", s.name, x, y, zz)
			}
		}
		// Adder() (built once, proved) is the same automaton.
		b, err := s.ns.Adder()
		if err != nil || !b.Equal(a) {
			t.Errorf("%s: Adder() differs from BuildAdder: %v", s.name, err)
		}
	}
}

// The size assertion can fail: a system with one weight changed (the same
// c) has an adder of another size, which is still proved to be addition.
func TestAdderSizeAssertionFails(t *testing.T) {
	mutated := map[string][]int64{
		"bin":     {1, 2, 4, 8, 16, 32},           // base 2 given longer: the same system, the same size
		"fib":     {1, 2, 3, 4},                   // then 7, 11, 18, ...
		"a003410": {1, 2, 3, 4},                   // then 6, 9, 13, ...
		"a003411": {1, 2, 3, 4, 5, 7, 10, 14, 19}, // then 26, 36, ...
	}
	for _, s := range systems() {
		if testing.Short() && s.c == 3 {
			continue
		}
		m := mustNumeration(s.name+"m", mutated[s.name], s.c)
		a, _, err := m.BuildAdder(t.Context(), AdderBound(s.c), 1_000_000)
		if err != nil {
			t.Errorf("%s mutated: %v", s.name, err)
			continue
		}
		if err := ProveAdder(t.Context(), a); err != nil {
			t.Errorf("%s mutated: %v", s.name, err)
		}
		err = adderSize(a, s.adderStates)
		if s.name == "bin" {
			if err != nil {
				t.Errorf("base 2 given as %v: %v", mutated["bin"], err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: the size assertion passed for the mutated weights %v", s.name, mutated[s.name])
		} else {
			t.Logf("negative control: %v", err)
		}
	}
	// c = 0 with weights that are not 2^{i-1} has no integer virtual weights:
	// an error, not a panic.
	m := mustNumeration("b3", []int64{1, 2, 3}, 0)
	if _, _, err := m.BuildAdder(t.Context(), AdderBound(0), 1000); err == nil || !strings.Contains(err.Error(), "virtual weights") {
		t.Errorf("c = 0, weights 1, 2, 3: %v", err)
	}
}

// ProveAdder refuses a corrupted adder, naming the statement that fails
// and its least counterexample: one triple removed (add_zero for y = 0,
// add_step otherwise), one added.
func TestProveAdderRefusesCorruption(t *testing.T) {
	for _, s := range systems() {
		a, _ := builtAdder(t, s)
		for _, c := range []struct {
			x    []uint64
			want string
		}{
			{[]uint64{3, 0, 3}, "add_zero fails at (x, z) = (3, 3)"},
			{[]uint64{4, 6, 10}, "add_step fails at (w, x, zz) = (6, 4, 10)"},
			{[]uint64{4, 6, 11}, "add_step fails at (w, x, zz) = (6, 4, 11)"},
			{[]uint64{0, 0, 1}, "add_zero fails at (x, z) = (0, 1)"},
		} {
			if testing.Short() && s.c == 3 && c.x[2] != 10 {
				continue // a proof of the 5,281-state adder: 0.15 s each
			}
			bad := xorPoint(a, s.word(c.x))
			if member(s, bad, c.x) == member(s, a, c.x) {
				t.Fatalf("%s: the corruption at %v did not change it", s.name, c.x)
			}
			err := ProveAdder(t.Context(), bad)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v flipped: ProveAdder says %v, want %q", s.name, c.x, err, c.want)
			}
		}
		if err := ProveAdder(t.Context(), Less(s.ns)); err == nil || !strings.Contains(err.Error(), "3 tracks, not 2") {
			t.Errorf("%s: ProveAdder of Less: %v", s.name, err)
		}
	}
}

// AdderStatements decided by the prover mean addition: for the true adder
// the claims hold, and the statements are written once (Walnut's text of
// them names add, succ, addsucc, addstep).
func TestAdderStatementsText(t *testing.T) {
	text := AdderStatements().Walnut(Zeckendorf())
	for _, want := range []string{
		`def succ "?msd_fib x<y&~(E t x<t&t<y)";`,
		`eval add_zero "?msd_fib A x,z $add(x,0,z)<=>z=x";`,
		`eval add_step "?msd_fib A w,x,zz 1<=w=>($add(x,w,zz)<=>$addstep(w,x,zz))";`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("AdderStatements in Walnut lacks %q:\n%s", want, text)
		}
	}
}
