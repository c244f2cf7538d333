package moves

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/table"
	"fibnim/tablebuild"
)

// provedRoot returns a results folder that holds a = 2's proved automata,
// S_0..S_5 as committed in ../results/automata/mult=2 (with proof.json,
// so they load without a proof), and nothing else.
func provedRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	src := grundyproof.Dir(filepath.Join("..", "results"), grundy.Fibonacci)
	dst := grundyproof.Dir(root, grundy.Fibonacci)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if filepath.Ext(e.Name()) != ".txt" && e.Name() != grundyproof.ProofFile {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

var proved struct {
	once sync.Once
	f    *grundyproof.Folder
	err  error
}

// provedFolder loads the committed a = 2 automata once.
func provedFolder(t *testing.T) *grundyproof.Folder {
	t.Helper()
	proved.once.Do(func() {
		proved.f, proved.err = grundyproof.Load(context.Background(), grundyproof.Dir(filepath.Join("..", "results"), grundy.Fibonacci), grundy.Fibonacci, grundyproof.LoadOptions{})
	})
	if proved.err != nil {
		t.Fatal(proved.err)
	}
	return proved.f
}

func takesOf(ms []HeapMove) []int {
	var ks []int
	for _, m := range ms {
		ks = append(ks, int(m.Take.Int64()))
	}
	return ks
}

// wantAnswer is what the automata must say of a position of value g.
func wantAnswer(g, K int) Answer {
	if g > K {
		return Answer{G: K + 1, AtLeast: true, Automata: true}
	}
	return Answer{G: g, Automata: true}
}

// From the proved automata alone, every position n <= 400 gets the
// dense engine's value where it is at most K and "G >= K+1" otherwise,
// every position n <= 40 the dense engine's moves into every proved
// class, cell by cell, and every starting pile n <= 400 its winning
// moves.
func TestAutomataEqualDense(t *testing.T) {
	const N, M = 400, 40
	ctx := context.Background()
	f := provedFolder(t)
	K := f.Proved
	s := FromAutomata(f)
	d, _ := grundy.Dense(N, grundy.Fibonacci, 2)
	var hs []Heap
	for n := 0; n <= N; n++ {
		for r := 0; r <= n; r++ {
			hs = append(hs, HeapOf(grundy.Position{N: n, R: r}))
		}
	}
	vals, err := s.HeapValues(ctx, hs)
	if err != nil {
		t.Fatal(err)
	}
	above := 0
	for i, h := range hs {
		p, _ := h.Position()
		if want := wantAnswer(d.At(p.N, p.R), K); vals[i] != want {
			t.Fatalf("%v: %+v; dense engine G = %d (K = %d)", p, vals[i], d.At(p.N, p.R), K)
		}
		if vals[i].AtLeast {
			above++
		}
	}
	if above == 0 || above == len(hs) {
		t.Fatalf("%d of %d positions above K: the check compares nothing of one kind", above, len(hs))
	}
	for n := 0; n <= M; n++ {
		for r := 0; r <= n; r++ {
			p := grundy.Position{N: n, R: r}
			for g := 0; g <= K; g++ {
				ms, err := s.HeapMovesTo(ctx, HeapOf(p), g, 1000)
				if err != nil {
					t.Fatal(err)
				}
				var want []int
				for k := 1; k <= r; k++ {
					if q := p.After(grundy.Fibonacci, k); d.At(q.N, q.R) == g {
						want = append(want, k)
					}
				}
				if !ms.Automata || !slices.Equal(takesOf(ms.Moves), want) || ms.Count.Int64() != int64(len(want)) {
					t.Fatalf("moves from %v to %d: %v (count %s); dense engine %v", p, g, takesOf(ms.Moves), ms.Count, want)
				}
				for _, m := range ms.Moves {
					if to, _ := m.To.Position(); to != p.After(grundy.Fibonacci, int(m.Take.Int64())) || m.Value != g {
						t.Fatalf("move %+v from %v", m, p)
					}
				}
			}
		}
	}
	// The winning moves of every starting pile n <= N, all of them and
	// their number.
	for n := 1; n <= N; n++ {
		p := grundy.Start(n)
		ms, err := s.HeapMovesTo(ctx, HeapOf(p), 0, N)
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		for k := 1; k <= p.R; k++ {
			if q := p.After(grundy.Fibonacci, k); d.At(q.N, q.R) == 0 {
				want = append(want, k)
			}
		}
		if !slices.Equal(takesOf(ms.Moves), want) || ms.Count.Int64() != int64(len(want)) {
			t.Fatalf("winning moves of %v: %v (count %s); dense engine %v", p, takesOf(ms.Moves), ms.Count, want)
		}
	}
	if _, err := s.HeapMovesTo(ctx, HeapOf(grundy.Position{N: 9, R: 5}), K+1, 5); err == nil {
		t.Error("moves to a value above K answered")
	}
}

// Sums of heaps answered by the automata alone, against the dense engine:
// the values, the nim-sum where every value is at most K, a winning move
// that is the least one of the first heap whose value it lowers; with one
// heap above K, the sum is won where the others' nim-sum is at most K, by
// the least move of that heap to it; otherwise it is undecided.
func TestAutomataSumsEqualDense(t *testing.T) {
	const N = 120
	ctx := context.Background()
	f := provedFolder(t)
	K := f.Proved
	s := FromAutomata(f)
	d, _ := grundy.Dense(N, grundy.Fibonacci, 2)
	least := func(p grundy.Position, g int) int {
		for k := 1; k <= p.R; k++ {
			if q := p.After(grundy.Fibonacci, k); d.At(q.N, q.R) == g {
				return k
			}
		}
		return -1
	}
	rng := rand.New(rand.NewPCG(7, 42))
	var decided, undecided, oneAbove, won int
	for range 600 {
		ps := make([]grundy.Position, 2+rng.IntN(3))
		hs := make([]Heap, len(ps))
		for i := range ps {
			n := rng.IntN(N + 1)
			ps[i] = grundy.Position{N: n, R: rng.IntN(n + 1)}
			hs[i] = HeapOf(ps[i])
		}
		ans, err := s.HeapSum(ctx, hs)
		if err != nil {
			t.Fatal(err)
		}
		var unknown []int
		x, all := 0, 0
		for i, p := range ps {
			g := d.At(p.N, p.R)
			all ^= g
			if ans.Values[i] != wantAnswer(g, K) {
				t.Fatalf("%v: heap %d: %+v, dense %d", ps, i, ans.Values[i], g)
			}
			if g > K {
				unknown = append(unknown, i)
			} else {
				x ^= g
			}
		}
		if !slices.Equal(ans.Unknown, unknown) {
			t.Fatalf("%v: unknown %v, want %v", ps, ans.Unknown, unknown)
		}
		switch {
		case len(unknown) == 0:
			decided++
			if !ans.Decided || ans.NimSum != all || ans.Win != (all != 0) || (ans.Move != nil) != ans.Win {
				t.Fatalf("%v: %+v; dense nim-sum %d", ps, ans, all)
			}
			if ans.Win {
				won++
				i := ans.Move.Heap
				g := d.At(ps[i].N, ps[i].R)
				for j := range i { // the first heap whose value a move lowers
					if gj := d.At(ps[j].N, ps[j].R); gj^all < gj {
						t.Fatalf("%v: the move is in heap %d, but heap %d's value %d has the highest bit of %d", ps, i, j, gj, all)
					}
				}
				if g^all >= g || ans.Move.Value != g^all || int(ans.Move.Take.Int64()) != least(ps[i], g^all) {
					t.Fatalf("%v: move %+v; want the least move of heap %d to %d (k = %d)", ps, ans.Move, i, g^all, least(ps[i], g^all))
				}
			}
		case len(unknown) == 1 && x <= K:
			oneAbove++
			u := unknown[0]
			if !ans.Decided || !ans.Win || ans.NimSum != -1 || ans.Move == nil || ans.Move.Heap != u || ans.Move.Value != x || all == 0 {
				t.Fatalf("%v: %+v; dense nim-sum %d, others' %d", ps, ans, all, x)
			}
			if int(ans.Move.Take.Int64()) != least(ps[u], x) {
				t.Fatalf("%v: move %+v; dense: the least move of heap %d to %d is %d", ps, ans.Move, u, x, least(ps[u], x))
			}
		default:
			undecided++
			if ans.Decided || ans.Win || ans.Move != nil || ans.NimSum != -1 {
				t.Fatalf("%v: %+v; want undecided (unknown %v, others' nim-sum %d)", ps, ans, unknown, x)
			}
		}
	}
	if decided == 0 || undecided == 0 || oneAbove == 0 || won == 0 {
		t.Fatalf("cases: %d decided (%d won), %d with one heap above K, %d undecided: a kind did not occur", decided, won, oneAbove, undecided)
	}
	t.Logf("600 sums: %d decided (%d won), %d with one heap above K (won), %d undecided", decided, won, oneAbove, undecided)
}

// Heaps of 101 digits obey the rule of the game: the answer is the mex of
// the values of the options, each asked of the solver too (an option
// above K cannot be the mex of values <= K, so a mex <= K is exact, and
// options covering 0..K leave G >= K+1); and the moves into each class are
// exactly the options of that value.
func TestHugeHeapsObeyMex(t *testing.T) {
	ctx := context.Background()
	f := provedFolder(t)
	K := f.Proved
	s := FromAutomata(f)
	ten100 := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	two200 := new(big.Int).Lsh(big.NewInt(1), 200)
	seen := map[bool]int{}
	for _, n0 := range []*big.Int{ten100, two200} {
		for j := int64(0); j < 12; j++ {
			n := new(big.Int).Add(n0, big.NewInt(j))
			for r := int64(1); r <= 9; r++ {
				h := NewHeap(n, big.NewInt(r))
				opts := make([]Heap, r)
				for k := range r {
					opts[k] = h.After(grundy.Fibonacci, big.NewInt(k+1))
				}
				vals, err := s.HeapValues(ctx, append([]Heap{h}, opts...))
				if err != nil {
					t.Fatal(err)
				}
				have := map[int]bool{}
				for _, v := range vals[1:] {
					if !v.AtLeast {
						have[v.G] = true
					}
				}
				mex := 0
				for have[mex] {
					mex++
				}
				if want := wantAnswer(mex, K); vals[0] != want {
					t.Fatalf("%v: %+v, but the mex of its options' values is %d (K = %d)", h, vals[0], mex, K)
				}
				seen[vals[0].AtLeast]++
				for g := 0; g <= K; g++ {
					ms, err := s.HeapMovesTo(ctx, h, g, 20)
					if err != nil {
						t.Fatal(err)
					}
					var want []int
					for k, v := range vals[1:] {
						if !v.AtLeast && v.G == g {
							want = append(want, k+1)
						}
					}
					if !slices.Equal(takesOf(ms.Moves), want) || ms.Count.Int64() != int64(len(want)) {
						t.Fatalf("%v: moves to %d: %v (count %s); its options: %v", h, g, takesOf(ms.Moves), ms.Count, want)
					}
				}
			}
			// The starting pile: a winning move (to 0) where G != 0,
			// none where G = 0; the least k is checked against the
			// options below it.
			h := StartHeap(n)
			v, err := s.HeapValues(ctx, []Heap{h})
			if err != nil {
				t.Fatal(err)
			}
			ms, err := s.HeapMovesTo(ctx, h, 0, 3)
			if err != nil {
				t.Fatal(err)
			}
			if (ms.Count.Sign() == 0) != (v[0] == Answer{G: 0, Automata: true}) {
				t.Fatalf("%v: %+v with %s winning moves", h, v[0], ms.Count)
			}
			if len(ms.Moves) > 0 && ms.Moves[0].Take.IsInt64() {
				k0 := ms.Moves[0].Take.Int64()
				var below []Heap
				for k := int64(1); k < min(k0, 300); k++ {
					below = append(below, h.After(grundy.Fibonacci, big.NewInt(k)))
				}
				vs, err := s.HeapValues(ctx, append(below, ms.Moves[0].To))
				if err != nil {
					t.Fatal(err)
				}
				for k, v := range vs[:len(below)] {
					if v == (Answer{G: 0, Automata: true}) {
						t.Fatalf("%v: removing %d wins, below the least winning move %d", h, k+1, k0)
					}
				}
				if vs[len(below)] != (Answer{G: 0, Automata: true}) {
					t.Fatalf("%v: the least winning move %d lands on %+v", h, k0, vs[len(below)])
				}
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("answers: %v; want both exact values and bounds", seen)
	}
}

// OpenHeaps answers from the table what it holds, and the rest from the
// automata: a heap of 10^100 beside heaps of a saved table; the moves of
// a starting pile beyond dense.parquet in a table of start values; and
// says, when no automata are there, what no source answers.
func TestOpenHeapsSources(t *testing.T) {
	ctx := context.Background()
	root := provedRoot(t)
	if _, err := tablebuild.Run(ctx, tablebuild.Config{Root: root, N: 2000, Mult: grundy.Fibonacci, Engine: tablebuild.EngineBreakpoint, Workers: 2, Breakpoints: true, DenseMax: 100, Revision: "test"}); err != nil {
		t.Fatal(err)
	}
	d, _ := grundy.Dense(2000, grundy.Fibonacci, 2)
	ten100 := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	hs := []Heap{StartHeap(big.NewInt(1000)), NewHeap(big.NewInt(1500), big.NewInt(20)), NewHeap(ten100, big.NewInt(5))}
	s, err := OpenHeaps(ctx, root, grundy.Fibonacci, hs, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	vals, err := s.HeapValues(ctx, hs)
	if err != nil {
		t.Fatal(err)
	}
	if vals[0] != (Answer{G: d.At(1000, 999)}) || vals[1] != (Answer{G: d.At(1500, 20)}) || !vals[2].Automata {
		t.Fatalf("values %+v; dense %d, %d", vals, d.At(1000, 999), d.At(1500, 20))
	}
	if f, _ := s.Automata(); f == nil || f.Dir != grundyproof.Dir(root, grundy.Fibonacci) {
		t.Fatalf("automata: %v", f)
	}
	ms, err := s.HeapMovesTo(ctx, hs[1], 0, 100)
	if err != nil || ms.Automata {
		t.Fatalf("the moves of a heap in the table: %+v, %v", ms, err)
	}

	// A table of start values, dense.parquet to 100: values from it, the
	// moves of a starting pile from the automata.
	root2 := provedRoot(t)
	tab := saved(t, 3000, grundy.Fibonacci, false, 100)
	if err := os.MkdirAll(filepath.Dir(table.Dir(root2, grundy.Fibonacci)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tab.Dir(), table.Dir(root2, grundy.Fibonacci)); err != nil {
		t.Fatal(err)
	}
	d3, _ := grundy.Dense(3000, grundy.Fibonacci, 2)
	h := StartHeap(big.NewInt(2584 + 17))
	s2, err := OpenHeaps(ctx, root2, grundy.Fibonacci, []Heap{h}, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if f, _ := s2.Automata(); f != nil {
		t.Error("the automata were loaded although the table answers the value")
	}
	v, err := s2.HeapValues(ctx, []Heap{h})
	if err != nil || v[0] != (Answer{G: d3.Start(2601)}) {
		t.Fatalf("G%v = %+v, %v; dense %d", h, v, err, d3.Start(2601))
	}
	ms, err = s2.HeapMovesTo(ctx, h, 0, 10)
	if err != nil || !ms.Automata {
		t.Fatalf("moves of a starting pile beyond dense.parquet: %+v, %v", ms, err)
	}
	var want []int
	p := grundy.Start(2601)
	for k := 1; k <= p.R; k++ {
		if q := p.After(grundy.Fibonacci, k); d3.At(q.N, q.R) == 0 {
			want = append(want, k)
		}
	}
	if !slices.Equal(takesOf(ms.Moves), want) {
		t.Fatalf("winning moves of %v: %v; dense %v", p, takesOf(ms.Moves), want)
	}

	// No automata: a heap beyond every table is a *BeyondError.
	_, err = OpenHeaps(ctx, t.TempDir(), grundy.Fibonacci, []Heap{StartHeap(ten100)}, OpenOptions{})
	var be *BeyondError
	var nf *grundyproof.NoFolderError
	if !errors.As(err, &be) || !errors.As(err, &nf) {
		t.Fatalf("no automata: %v", err)
	}
	_, err = OpenHeaps(ctx, t.TempDir(), grundy.Fibonacci, []Heap{StartHeap(big.NewInt(50000))}, OpenOptions{})
	if !errors.As(err, &be) || !errors.Is(err, ErrNoSource) {
		t.Fatalf("n = 50000, no table and no automata: %v", err)
	}
}

// A cancelled context stops the moves of the automata, and the loading.
func TestAutomataStopWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := FromAutomata(provedFolder(t))
	ten100 := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	if _, err := s.HeapMovesTo(ctx, StartHeap(ten100), 0, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("HeapMovesTo: %v", err)
	}
	if _, err := OpenHeaps(ctx, provedRoot(t), grundy.Fibonacci, []Heap{StartHeap(ten100)}, OpenOptions{}); err == nil {
		t.Error("OpenHeaps went on with a cancelled context")
	}
}

// Heap's arithmetic: a move's landing, the starting pile, and the int
// positions.
func TestHeap(t *testing.T) {
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 7, Q: 2}, {P: 3, Q: 2}} {
		for n := 0; n <= 40; n++ {
			for r := 0; r <= n; r++ {
				p := grundy.Position{N: n, R: r}
				h := HeapOf(p)
				if q, ok := h.Position(); !ok || q != p || h.IsStart() != p.IsStart() || !h.Valid() || h.String() != p.String() {
					t.Fatalf("%v: %v", p, h)
				}
				for k := 1; k <= r; k++ {
					if q, _ := h.After(a, big.NewInt(int64(k))).Position(); q != p.After(a, k) {
						t.Fatalf("a = %s: %v after %d: %v, want %v", a, p, k, q, p.After(a, k))
					}
				}
			}
		}
	}
	if _, ok := StartHeap(new(big.Int).Lsh(big.NewInt(1), 62)).Position(); !ok {
		t.Error("2^62 does not fit")
	}
	if _, ok := StartHeap(new(big.Int).Lsh(big.NewInt(1), 63)).Position(); ok {
		t.Error("2^63 fits")
	}
	if h := StartHeap(big.NewInt(0)); h.R.Sign() != 0 || h.IsStart() {
		t.Errorf("StartHeap(0) = %v", h)
	}
	if NewHeap(big.NewInt(3), big.NewInt(4)).Valid() {
		t.Error("(3, 4) valid")
	}
}
