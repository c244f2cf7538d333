package automatic

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"
)

// FunctionTable is a function f on 0..Rows()-1 that LearnTable reads: a
// slice in memory ([SliceTable]) or a file on disk that reads a range of
// rows at a time (package fibnim/grundyproof's layer files).
type FunctionTable interface {
	Rows() uint64
	ReadAt(dst []uint32, n0 uint64) error
}

// SliceTable is a FunctionTable held in memory.
type SliceTable []uint32

// Rows returns len(t).
func (t SliceTable) Rows() uint64 { return uint64(len(t)) }

// ReadAt copies t[n0:n0+len(dst)].
func (t SliceTable) ReadAt(dst []uint32, n0 uint64) error {
	if n0+uint64(len(dst)) > uint64(len(t)) {
		return fmt.Errorf("automatic: rows %d..%d beyond the table's %d", n0, n0+uint64(len(dst))-1, len(t))
	}
	copy(dst, t[n0:])
	return nil
}

// LearnTableConfig says how LearnTable learns.
type LearnTableConfig struct {
	Num *Numeration // the numeration of both tracks (nil: Zeckendorf)
	// MaxSuffix caps the suffix lengths whose residuals are hashed (0 means
	// 20): each prefix is told apart from the others by its residuals at
	// lengths 0..min(MaxSuffix, what the table holds after it).
	MaxSuffix int
	// MinSuffix: a class first met with fewer digits of data after its
	// prefix than this is unconfirmed, and the learner has not converged
	// (0 means 6).
	MinSuffix int
	// MaxStates stops a round that finds more classes (0 means 1<<20).
	MaxStates int
	// MaxRounds bounds the counterexample rounds (0 means 50).
	MaxRounds int
	// Equivalence, if not nil, is asked after the table accepts a
	// hypothesis (the mex induction, say): it returns a row n and the true
	// value f(n) where the hypothesis is wrong, or ok.
	Equivalence func(ctx context.Context, h *Automaton) (n, fn uint64, ok bool, err error)
	// Log, if not nil, gets each round's report as soon as it is done.
	Log func(LearnRound)
	// Memory, if not nil, gives the process's peak resident memory in
	// bytes, which each round records (LearnRound.PeakRSS).
	Memory func() int64
	// Progress, if not nil, is called every 4096 classes explored with the
	// classes found so far and the rows read in the round.
	Progress func(explored, classes int, rows int64)
}

// LearnRound is one round of LearnTable: a breadth-first pass that
// classifies prefixes, then the equivalence queries.
type LearnRound struct {
	Round      int
	Classes    int   // states of the hypothesis (its classes of prefixes)
	Suffixes   int   // suffix lengths hashed (0..MaxSuffix) plus the suffix words from counterexamples
	Words      int   // of which words from counterexamples
	Depth      int   // the longest access word
	Ambiguous  int   // transitions the table's data could not decide (two classes or more fit)
	Weak       int   // classes first met with fewer than MinSuffix digits of data
	MinData    int   // the fewest digits of data after a prefix whose transition was decided
	RowsRead   int64 // table rows read in this round (residuals, then the streamed check)
	Prefixes   int   // prefixes whose residuals were hashed in this round (cached ones not counted)
	States     int   // states of the minimal hypothesis (0 if none was built)
	Verdict    string
	Time       time.Duration
	PeakRSS    int64 // peak resident memory of the process so far (bytes; 0: no Memory given)
	CounterRow uint64
	HasCounter bool
}

// LearnTableResult is what LearnTable did.
type LearnTableResult struct {
	Rows      uint64 // rows of the table (n = 0..Rows-1)
	Digits    int    // every number of this many digits is in the table
	Rounds    []LearnRound
	Converged bool // the last round was closed, decided and passed every equivalence query
	Extra     map[uint64]uint64

	classes []classData // the last round's classes, for DistinguishingSet
}

// classData is a class's prefix and its residual hashes.
type classData struct {
	prefixKey
	h []uint64
}

// ErrTableNotConverged is returned by LearnTable when the table's data does
// not decide an automaton; the rounds say where it stopped.
var ErrTableNotConverged = errors.New("automatic: the table learner did not converge")

// LearnTable learns the minimal automaton of the graph {(n, f(n))} of a
// function f known on the rows of t (tracks (n, f(n)), both in cfg.Num),
// counterexample by counterexample, and reads from t only the rows it
// needs, so that its memory grows with the automaton, not with the table.
//
// A class is a prefix (the shortest word of its state, found breadth
// first) with its residuals: for each suffix length e up to MaxSuffix and
// as far as t holds the numbers the prefix can be completed to, the set of
// suffixes of length e that complete it to a word of the graph, read from
// one range of rows of t and hashed (64 bits, order-free). Two prefixes
// whose residuals agree at every length both have are taken for one state;
// a prefix that fits two classes or more is an ambiguous transition (the
// table holds too few rows to decide it). With the suffix words found from
// counterexamples (Rivest and Schapire's decomposition), the residuals are
// Angluin's observation table, made of lengths rather than words.
//
// Equivalence queries: the whole table, streamed (the first row the
// hypothesis rejects), then cfg.Equivalence (the prover's least
// counterexample, with the true value of its row, which may lie beyond the
// table). The result is a guess, to be proved: it is returned when it is
// closed and decided and passes the equivalence queries, else the error is
// ErrTableNotConverged and the rounds are the evidence.
func LearnTable(ctx context.Context, t FunctionTable, cfg LearnTableConfig) (*Automaton, LearnTableResult, error) {
	if cfg.Num == nil {
		cfg.Num = Zeckendorf()
	}
	if cfg.MaxSuffix == 0 {
		cfg.MaxSuffix = 20
	}
	if cfg.MinSuffix == 0 {
		cfg.MinSuffix = 6
	}
	if cfg.MaxStates == 0 {
		cfg.MaxStates = 1 << 20
	}
	if cfg.MaxRounds == 0 {
		cfg.MaxRounds = 50
	}
	L := &tableLearner{cfg: cfg, t: t, num: cfg.Num, last: t.Rows() - 1, cache: map[prefixKey]*prefixSig{}, extra: map[uint64]uint64{}}
	res := LearnTableResult{Rows: t.Rows(), Extra: L.extra}
	res.Digits = cfg.Num.DigitsFor(t.Rows() - 1)
	if t.Rows() < 2 || t.Rows() >= cfg.Num.Top64() || cfg.MaxSuffix >= cfg.Num.MaskDigits()-2 {
		return nil, res, fmt.Errorf("automatic: LearnTable on %d rows with suffixes to %d", t.Rows(), cfg.MaxSuffix)
	}
	for round := 1; round <= cfg.MaxRounds; round++ {
		start := time.Now()
		L.rows, L.hashed = 0, 0
		r := LearnRound{Round: round, Suffixes: cfg.MaxSuffix + 1 + len(L.words), Words: len(L.words)}
		err := L.explore(ctx)
		r.Classes, r.Ambiguous, r.Weak, r.MinData, r.Depth = len(L.states), L.ambiguous, L.weak, L.minData, L.depth
		r.Prefixes = L.hashed
		res.classes = res.classes[:0]
		for _, q := range L.states {
			res.classes = append(res.classes, classData{q.prefixKey, q.sig.h})
		}
		finish := func(verdict string) {
			r.Verdict = verdict
			r.RowsRead = L.rows
			r.Time = time.Since(start)
			if cfg.Memory != nil {
				r.PeakRSS = cfg.Memory()
			}
			res.Rounds = append(res.Rounds, r)
			if cfg.Log != nil {
				cfg.Log(r)
			}
		}
		if err != nil {
			if errors.Is(err, errTooManyStates) {
				finish(fmt.Sprintf("not converged: more than %d classes", cfg.MaxStates))
				return nil, res, ErrTableNotConverged
			}
			return nil, res, err
		}
		if r.Weak > 0 {
			finish(fmt.Sprintf("not converged: %d classes first met with fewer than %d digits of data (new classes up to the edge of the table)", r.Weak, cfg.MinSuffix))
			return nil, res, ErrTableNotConverged
		}
		h := L.hypothesis()
		r.States = h.States()
		// Equivalence, first against the whole table, streamed.
		n, ok, err := L.checkTable(ctx, h)
		if err != nil {
			return nil, res, err
		}
		if !ok {
			fn := L.row(n)
			r.CounterRow, r.HasCounter = n, true
			added, err := L.counterexample(h, n, fn)
			if err != nil {
				return nil, res, err
			}
			if !added {
				finish(fmt.Sprintf("not converged: the table's row %d refutes the hypothesis, and its data cannot say which class is wrong", n))
				return nil, res, ErrTableNotConverged
			}
			finish(fmt.Sprintf("the table's row %d refutes the hypothesis: a suffix word added", n))
			continue
		}
		if r.Ambiguous > 0 && cfg.Equivalence == nil {
			finish(fmt.Sprintf("not converged: %d ambiguous transitions (the hypothesis of %d states fits the whole table)", r.Ambiguous, r.States))
			return h, res, ErrTableNotConverged
		}
		if cfg.Equivalence != nil {
			n, fn, ok, err := cfg.Equivalence(ctx, h)
			if err != nil {
				return nil, res, err
			}
			if !ok {
				r.CounterRow, r.HasCounter = n, true
				if n > L.last {
					L.extra[n] = fn
				}
				added, err := L.counterexample(h, n, fn)
				if err != nil {
					return nil, res, err
				}
				if !added {
					finish(fmt.Sprintf("not converged: the equivalence query refutes the hypothesis at row %d, and the table's data cannot say which class is wrong", n))
					return nil, res, ErrTableNotConverged
				}
				finish(fmt.Sprintf("the equivalence query refutes the hypothesis at row %d: a suffix word added", n))
				continue
			}
		}
		if r.Ambiguous > 0 {
			finish(fmt.Sprintf("converged: %d transitions the table left ambiguous, and the equivalence query accepts the hypothesis", r.Ambiguous))
		} else {
			if cfg.Equivalence != nil {
				finish("converged: closed, every transition decided, the whole table and the equivalence query agree")
			} else {
				finish("converged: closed, every transition decided, and the whole table agrees")
			}
		}
		res.Converged = true
		return h, res, nil
	}
	return nil, res, fmt.Errorf("%w: %d rounds", ErrTableNotConverged, cfg.MaxRounds)
}

var errTooManyStates = errors.New("too many states")

// prefixKey is a word of two tracks: the digits of n and of y, and its length.
type prefixKey struct {
	pn, py uint64
	l      int
}

// prefixSig is the data of a prefix: its residual hashes at lengths
// 0..len(h)-1 (every length the table holds, up to MaxSuffix) and its
// membership in each suffix word (1 in, 0 out, -1 unknown).
type prefixSig struct {
	h     []uint64
	words []int8
}

type suffixWord struct {
	vn, vy uint64
	l      int
}

type lsState struct {
	prefixKey
	sig   *prefixSig
	trans [4]int32 // -1 dead
}

type tableLearner struct {
	cfg   LearnTableConfig
	t     FunctionTable
	num   *Numeration
	last  uint64 // the last row of t
	cache map[prefixKey]*prefixSig
	words []suffixWord
	extra map[uint64]uint64 // rows beyond the table, from equivalence queries
	buf   []uint32

	states    []*lsState
	index     []map[uint64][]int32 // index[c][hash of h[0..c]]: states with len(h) > c
	exact     []map[uint64][]int32 // exact[c][hash of h[0..c]]: states with len(h) == c+1
	ambiguous int
	weak      int
	minData   int
	depth     int
	rows      int64
	hashed    int
}

// row returns f(n) from the table or the rows learnt from equivalence queries.
func (L *tableLearner) row(n uint64) uint64 {
	if n <= L.last {
		var v [1]uint32
		if err := L.t.ReadAt(v[:], n); err != nil {
			panic(err) // in range by construction
		}
		L.rows++
		return uint64(v[0])
	}
	return L.extra[n]
}

// member returns 1 if the word (pn, py) of length l is in the graph, 0 if
// not, -1 if the table does not say.
func (L *tableLearner) member(pn, py uint64, l int) int8 {
	if l >= L.num.MaskDigits() || !L.num.ValidMask(pn) || !L.num.ValidMask(py) {
		return 0
	}
	n := L.num.FromMask(pn)
	if _, ok := L.extra[n]; n > L.last && !ok {
		return -1
	}
	if L.row(n) == L.num.FromMask(py) {
		return 1
	}
	return 0
}

// sigs returns the data of the four one-symbol extensions of the prefix
// k (nil for an extension that is not a valid word). Extensions that add
// the same digit to n read the same rows, so each range is read once.
func (L *tableLearner) sigs(ctx context.Context, k prefixKey) ([4]*prefixSig, error) {
	var out [4]*prefixSig
	var todo [2]bool
	for a := range 4 {
		c := prefixKey{k.pn<<1 | uint64(a&1), k.py<<1 | uint64(a>>1), k.l + 1}
		if !L.num.ValidMask(c.pn) || !L.num.ValidMask(c.py) {
			continue
		}
		if s, ok := L.cache[c]; ok {
			out[a] = s
			continue
		}
		todo[a&1] = true
	}
	for bn := range 2 {
		if !todo[bn] {
			continue
		}
		cn := k.pn<<1 | uint64(bn)
		var hs [2][]uint64
		var ylo, yhi [2][]uint64
		var ok [2]bool
		for by := range 2 {
			a := bn | by<<1
			c := prefixKey{cn, k.py<<1 | uint64(by), k.l + 1}
			if out[a] != nil || !L.num.ValidMask(c.py) {
				continue
			}
			ok[by] = true
		}
		for e := 0; e <= L.cfg.MaxSuffix && k.l+1+e < L.num.MaskDigits(); e++ {
			lo, hi := span(L.num, cn, k.l+1, e)
			if hi-1 > L.last {
				break
			}
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			var h [2]uint64
			var yl, yh [2]uint64
			for by := range 2 {
				if ok[by] {
					yl[by], yh[by] = span(L.num, k.py<<1|uint64(by), k.l+1, e)
				}
			}
			if err := L.hashRange(lo, hi, e, &yl, &yh, &h); err != nil {
				return out, err
			}
			for by := range 2 {
				if ok[by] {
					hs[by] = append(hs[by], h[by])
					ylo[by], yhi[by] = append(ylo[by], yl[by]), append(yhi[by], yh[by])
				}
			}
		}
		for by := range 2 {
			if !ok[by] {
				continue
			}
			a := bn | by<<1
			c := prefixKey{cn, k.py<<1 | uint64(by), k.l + 1}
			s := &prefixSig{h: hs[by]}
			s.words = L.wordsOf(c)
			L.cache[c] = s
			L.hashed++
			out[a] = s
		}
	}
	// Cached signatures may lack suffix words added since.
	for a := range 4 {
		if s := out[a]; s != nil && len(s.words) < len(L.words) {
			c := prefixKey{k.pn<<1 | uint64(a&1), k.py<<1 | uint64(a>>1), k.l + 1}
			s.words = L.wordsOf(c)
		}
	}
	return out, nil
}

// wordsOf returns the membership of c followed by each suffix word.
func (L *tableLearner) wordsOf(c prefixKey) []int8 {
	w := make([]int8, len(L.words))
	for i, v := range L.words {
		l := c.l + v.l
		if l >= 64 {
			w[i] = -1
			continue
		}
		w[i] = L.member(c.pn<<uint(v.l)|v.vn, c.py<<uint(v.l)|v.vy, l)
	}
	return w
}

// hashRange reads f on [lo, hi) and adds, for each y-range [yl[b], yh[b])
// (an empty one adds nothing), the hash of every (n - lo, f(n) - yl[b]) with
// f(n) in the range to h[b].
func (L *tableLearner) hashRange(lo, hi uint64, e int, yl, yh *[2]uint64, h *[2]uint64) error {
	const chunk = 1 << 16
	for n0 := lo; n0 < hi; n0 += chunk {
		m := min(chunk, hi-n0)
		if uint64(cap(L.buf)) < m {
			L.buf = make([]uint32, m)
		}
		b := L.buf[:m]
		if err := L.t.ReadAt(b, n0); err != nil {
			return err
		}
		L.rows += int64(m)
		for i, y32 := range b {
			y := uint64(y32)
			for by := range 2 {
				if y >= yl[by] && y < yh[by] {
					h[by] += mix(uint64(e), n0+uint64(i)-lo, y-yl[by])
				}
			}
		}
	}
	return nil
}

// rootSig returns the data of the empty prefix.
func (L *tableLearner) rootSig() (*prefixSig, error) {
	k := prefixKey{}
	if s, ok := L.cache[k]; ok {
		s.words = L.wordsOf(k)
		return s, nil
	}
	s := &prefixSig{}
	for e := 0; e <= L.cfg.MaxSuffix; e++ {
		hi := L.num.Count(e)
		if hi-1 > L.last {
			break
		}
		yl, yh := [2]uint64{0, 1}, [2]uint64{hi, 0}
		var h [2]uint64
		if err := L.hashRange(0, hi, e, &yl, &yh, &h); err != nil {
			return nil, err
		}
		s.h = append(s.h, h[0])
	}
	s.words = L.wordsOf(k)
	L.cache[k] = s
	L.hashed++
	return s, nil
}

// prefixHash returns the hashes of h[0..c] for every c.
func prefixHash(h []uint64) []uint64 {
	out := make([]uint64, len(h))
	x := uint64(0x243F6A8885A308D3)
	for c, v := range h {
		x = splitmix(x ^ v)
		out[c] = x
	}
	return out
}

// compatible reports whether two prefixes agree wherever both have data.
func compatible(a, b *prefixSig) bool {
	n := min(len(a.h), len(b.h))
	for e := range n {
		if a.h[e] != b.h[e] {
			return false
		}
	}
	for i := range a.words {
		if x, y := a.words[i], b.words[i]; x >= 0 && y >= 0 && x != y {
			return false
		}
	}
	return true
}

// deadFits reports whether a prefix's data is that of the dead state.
func deadFits(s *prefixSig) bool {
	for _, v := range s.h {
		if v != 0 {
			return false
		}
	}
	for _, w := range s.words {
		if w == 1 {
			return false
		}
	}
	return true
}

func (L *tableLearner) addState(k prefixKey, s *prefixSig) int32 {
	id := int32(len(L.states))
	L.states = append(L.states, &lsState{prefixKey: k, sig: s, trans: [4]int32{-1, -1, -1, -1}})
	ph := prefixHash(s.h)
	for c, x := range ph {
		L.index[c][x] = append(L.index[c][x], id)
	}
	if c := len(ph) - 1; c >= 0 {
		L.exact[c][ph[c]] = append(L.exact[c][ph[c]], id)
	}
	L.depth = max(L.depth, k.l)
	return id
}

// candidates returns the states whose data agrees with s wherever both
// have some, and -1 (the dead state) if s's data is the dead state's: the
// live ones first, and at most two in all, which is all that explore needs
// (none: a new class; one: a transition; two: an ambiguous transition, to
// the first). Stopping at two keeps a prefix with little data from being
// compared with every class that shares its few residuals.
func (L *tableLearner) candidates(s *prefixSig) []int32 {
	var out []int32
	add := func(id int32) bool {
		if compatible(s, L.states[id].sig) {
			out = append(out, id)
		}
		return len(out) >= 2
	}
	E := len(s.h) - 1
	done := false
	if E < 0 {
		// No data at all: every state fits.
		for i := range L.states {
			if done = add(int32(i)); done {
				break
			}
		}
	} else {
		ph := prefixHash(s.h)
		// States with less data than s: those whose data all agree with s's.
		for c := 0; c < E && !done; c++ {
			for _, id := range L.exact[c][ph[c]] {
				if done = add(id); done {
					break
				}
			}
		}
		// States with as much data or more: those that agree on all of s's.
		if !done {
			for _, id := range L.index[E][ph[E]] {
				if done = add(id); done {
					break
				}
			}
		}
	}
	if !done && deadFits(s) {
		out = append(out, -1)
	}
	return out
}

// explore classifies the prefixes breadth first from the empty one.
func (L *tableLearner) explore(ctx context.Context) error {
	L.states = L.states[:0]
	L.index = make([]map[uint64][]int32, L.cfg.MaxSuffix+1)
	L.exact = make([]map[uint64][]int32, L.cfg.MaxSuffix+1)
	for c := range L.index {
		L.index[c] = map[uint64][]int32{}
		L.exact[c] = map[uint64][]int32{}
	}
	L.ambiguous, L.weak, L.minData, L.depth = 0, 0, L.cfg.MaxSuffix, 0
	root, err := L.rootSig()
	if err != nil {
		return err
	}
	L.addState(prefixKey{}, root)
	for i := 0; i < len(L.states); i++ {
		if L.cfg.Progress != nil && i&4095 == 4095 {
			L.cfg.Progress(i+1, len(L.states), L.rows)
		}
		q := L.states[i]
		kids, err := L.sigs(ctx, q.prefixKey)
		if err != nil {
			return err
		}
		for a, s := range kids {
			if s == nil {
				continue
			}
			c := prefixKey{q.pn<<1 | uint64(a&1), q.py<<1 | uint64(a>>1), q.l + 1}
			cands := L.candidates(s)
			switch {
			case len(cands) == 0:
				if len(L.states) >= L.cfg.MaxStates {
					return errTooManyStates
				}
				if len(s.h)-1 < L.cfg.MinSuffix {
					L.weak++
				}
				q.trans[a] = L.addState(c, s)
			case len(cands) == 1:
				q.trans[a] = cands[0]
				L.minData = min(L.minData, len(s.h)-1)
			default:
				L.ambiguous++
				q.trans[a] = cands[0]
			}
		}
	}
	return nil
}

// hypothesis returns the minimal automaton of the classes.
func (L *tableLearner) hypothesis() *Automaton {
	return Minimize(L.raw())
}

// raw returns the automaton of the classes as they are (state i is class i).
func (L *tableLearner) raw() *Automaton {
	a := newAutomaton(L.num, 2, len(L.states))
	for i, q := range L.states {
		a.accept[i] = len(q.sig.h) > 0 && q.sig.h[0] != 0
		for sym, t := range q.trans {
			a.next[i<<2|sym] = t
		}
	}
	return a
}

// checkTable streams the table and returns the first row n whose (n, f(n))
// h rejects, or ok.
func (L *tableLearner) checkTable(ctx context.Context, h *Automaton) (uint64, bool, error) {
	w := NewPairWalker(h, L.last+1)
	const chunk = 1 << 20
	buf := make([]uint32, chunk)
	mn := uint64(0)
	for n0 := uint64(0); n0 <= L.last; n0 += chunk {
		if err := ctx.Err(); err != nil {
			return 0, false, err
		}
		m := min(chunk, L.last+1-n0)
		b := buf[:m]
		if err := L.t.ReadAt(b, n0); err != nil {
			return 0, false, err
		}
		L.rows += int64(m)
		for i, y := range b {
			n := n0 + uint64(i)
			if n > 0 {
				mn = L.num.Next(mn)
			}
			if !w.Accepts(mn, L.num.Mask(uint64(y))) {
				return n, false, nil
			}
		}
	}
	return 0, true, nil
}

// counterexample adds a suffix word from row n, where the hypothesis h is
// wrong, f(n) = fn: Rivest and Schapire's decomposition of the word
// (n, fn) (if h rejects it) or of a word (n, y) that h accepts, y != fn.
// It reports false if the table cannot answer the queries that would
// locate the wrong transition.
func (L *tableLearner) counterexample(h *Automaton, n, fn uint64) (bool, error) {
	raw := L.raw()
	mn, my := L.num.Mask(n), L.num.Mask(fn)
	if !acceptsMasks(raw, mn, my) {
		return L.decompose(raw, mn, my, 1), nil
	}
	// raw accepts (n, fn); it must accept another y for n as well.
	y, ok := otherValue(raw, mn, my)
	if !ok {
		return false, fmt.Errorf("automatic: row %d: the hypothesis accepts (n, f(n)) and nothing else, yet was refuted", n)
	}
	return L.decompose(raw, mn, y, 0), nil
}

// decompose finds i with alpha(i) != alpha(i+1), alpha(i) the membership
// of access(q_i) followed by the word's digits from i on (q_i the state of
// raw after i digits), and adds that suffix. in is the word's membership.
func (L *tableLearner) decompose(raw *Automaton, mn, my uint64, in int8) bool {
	l := max(bits.Len64(mn), bits.Len64(my))
	// states after each prefix
	qs := make([]int32, l+1)
	s := int32(0)
	for i := 0; i < l; i++ {
		qs[i] = s
		sym := mn>>uint(l-1-i)&1 | (my>>uint(l-1-i)&1)<<1
		if s >= 0 {
			s = raw.next[int(s)<<2|int(sym)]
		}
	}
	qs[l] = s
	alpha := func(i int) int8 {
		if i == 0 {
			return in
		}
		q := qs[i]
		if q < 0 {
			return 0 // dead in the hypothesis: every word through it is out
		}
		st := L.states[q]
		rest := l - i
		low := uint64(1)<<uint(rest) - 1
		if st.l+rest >= 64 {
			return -1
		}
		return L.member(st.pn<<uint(rest)|mn&low, st.py<<uint(rest)|my&low, st.l+rest)
	}
	// alpha(0) = in, alpha(l) = 1 - in (the hypothesis's verdict): some
	// adjacent i, i+1 differ; take the last pair the table can answer.
	next := 1 - in
	for i := l - 1; i >= 0; i-- {
		a := alpha(i)
		if a >= 0 && next >= 0 && a != next {
			// q_{i+1} is wrong for access(q_i)·w_i: the suffix w[i+1:] tells them apart.
			rest := l - i - 1
			low := uint64(1)<<uint(rest) - 1
			v := suffixWord{mn & low, my & low, rest}
			for _, x := range L.words {
				if x == v {
					return false
				}
			}
			L.words = append(L.words, v)
			return true
		}
		next = a
	}
	return false
}

func acceptsMasks(a *Automaton, mn, my uint64) bool {
	l := max(bits.Len64(mn), bits.Len64(my))
	s := 0
	for i := l - 1; i >= 0 && s >= 0; i-- {
		s = a.Next(s, uint32(mn>>uint(i)&1|(my>>uint(i)&1)<<1))
	}
	return a.Accepting(s)
}

// otherValue returns a y != not with (mn, y) accepted by a (words of the
// length of mn or one more digit), searching depth first.
func otherValue(a *Automaton, mn, not uint64) (uint64, bool) {
	l := max(bits.Len64(mn), bits.Len64(not)) + 1
	var rec func(s int32, i int, y uint64) (uint64, bool)
	// A state met again at one depth, on a y-prefix that already differs
	// from not's, has no completion that a first such visit did not try.
	seen := map[[2]int32]bool{}
	rec = func(s int32, i int, y uint64) (uint64, bool) {
		if i < 0 {
			if a.accept[s] && y != not {
				return y, true
			}
			return 0, false
		}
		if y != not>>uint(i+1) {
			if seen[[2]int32{s, int32(i)}] {
				return 0, false
			}
			seen[[2]int32{s, int32(i)}] = true
		}
		for by := uint64(0); by < 2; by++ {
			t := a.next[int(s)<<2|int(mn>>uint(i)&1|by<<1)]
			if t >= 0 {
				if v, ok := rec(t, i-1, y<<1|by); ok {
					return v, true
				}
			}
		}
		return 0, false
	}
	return rec(0, l-1, 0)
}

// Stats returns the result in the bounded-suffix learner's terms, for the
// reports: ClassesPerLength[l] is the number of classes whose shortest
// prefix has at most l digits (the classes among the prefixes of length
// l, since a prefix with leading zeros is in its class), Suffix the
// longest suffix length hashed, MaxPrefix the longest shortest prefix.
func (r LearnTableResult) Stats(maxSuffix int) LearnStats {
	st := LearnStats{N: r.Rows - 1, Digits: r.Digits, Suffix: maxSuffix, Converged: r.Converged, Classes: len(r.classes)}
	depth := 0
	for _, c := range r.classes {
		depth = max(depth, c.l)
	}
	st.MaxPrefix = depth
	st.ClassesPerLength = make([]int, depth+1)
	for _, c := range r.classes {
		st.ClassesPerLength[c.l]++
	}
	for l := 1; l <= depth; l++ {
		st.ClassesPerLength[l] += st.ClassesPerLength[l-1]
	}
	if n := len(r.Rounds); n > 0 {
		last := r.Rounds[n-1]
		st.States = last.States
		if !r.Converged {
			st.States = 0
		}
		st.Conflicts = last.Ambiguous
		st.NewAtLast = last.Weak
	}
	return st
}

// span returns the numbers [lo, hi) whose words of length l+e begin with
// the valid word p of length l: lo is p followed by e zeros, hi the next
// word of length l followed by e zeros (f_{l+e+1} after the last word).
func span(ns *Numeration, p uint64, l, e int) (lo, hi uint64) {
	lo = ns.FromMask(p << uint(e))
	nx := ns.Next(p)
	if nx>>uint(l) != 0 {
		return lo, ns.Count(l + e)
	}
	return lo, ns.FromMask(nx << uint(e))
}
