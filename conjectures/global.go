package conjectures

import (
	"fmt"
	"sort"

	"fibnim/globalnim"
	"fibnim/grundy"
)

// The checks of the global game (package globalnim): two piles and one
// shared limit. Larsson & Rubinstein-Salzedo's "Global Fibonacci nim"
// (2018) was not available to this project, so no check states its
// theorem; what is checked is the game's definition (the oracle, the mex
// of every cell), its relation to the single pile, a lemma proved below,
// and observations, each reported with the range it was seen on.

// The global game's statements: each reads one table of the global game
// (with the single pile's rows of the same a), which VerifyGlobal opens
// once for all of them (globalData; the loading is in global_data.go), so
// they are registered here together. This file holds the checks of the
// rules, the definition, the lemma and the local game;
// global_observations.go holds what was seen of R_1, each reported with
// the range it was seen on.
func init() {
	how := "not streamed: the table of the global game is held in memory (package globalnim), and every position (x, y) with x <= y <= M is visited"
	register(&Check{Order: 1000, Reads: GlobalTable | StartValues, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-one-pile", Scope: Global, Source: "the rules of global Fibonacci nim (docs/global.md): with one pile empty a move is a single-pile move, and the limit cap max(x, y) is the pile",
			Text: "G(0, y, r) = G(y, r), the single pile's value, for every 0 <= r <= y"}},
		global: func(d *globalData) Result { return CheckGlobalOnePile(d.t, d.single) }})
	register(&Check{Order: 1001, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-symmetry", Scope: Global, Source: "the rules of global Fibonacci nim (docs/global.md): the two piles play the same part",
			Text: "G(x, y, r) = G(y, x, r) for every x < y <= M and 0 <= r <= R, on the oracle, which never sorts the piles"}},
		global: func(d *globalData) Result { return CheckGlobalSymmetry(d.t.Mult, d.mo, d.o.RMax(), d.oracle) }})
	register(&Check{Order: 1002, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-oracle", Scope: Global, Source: "the definition: globalnim.Oracle, memoised mex over every move, no code shared with the engine",
			Text: "the table's G(x, y, r) equals the oracle's for every x, y <= M (both orders) and 0 <= r <= R"}},
		global: func(d *globalData) Result { return CheckGlobalOracle(d.t, d.mo, d.o.RMax(), d.oracle) }})
	register(&Check{Order: 1003, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-mex", Scope: Global, Source: "the definition: G is the mex of the options' values",
			Text: "every cell (x, y, r) with x <= y <= M and r <= y is the mex of the values of its moves, read from the table; so the table is the game's on that range (induction on x + y)"}},
		global: func(d *globalData) Result { return CheckGlobalMex(d.t, min(d.t.M, GlobalMexMax)) }})
	register(&Check{Order: 1004, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: IDGlobalStartP, Scope: Global, Source: "lemma (this project; mirror strategy, proof in conjectures/global.go), with Frankl & Tokushige, Theorem 1",
			Text: "at the start (r = min(x+y-1, max(x, y))) the P-positions are exactly x = y, and (0, n) and (n, 0) with n in F(a) (a = 2: the Fibonacci numbers)"}},
		global: func(d *globalData) Result { return CheckGlobalStartP(d.t) }})
	register(&Check{Order: 1005, Reads: GlobalTable | StartValues, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-local", Scope: Global, Source: "the local game, each pile with a limit of its own (Wikipedia, \"Fibonacci nim\", \"Multiple piles\"; Sprague-Grundy: the nim-sum of the piles' values), set beside the global game, whose one limit is shared",
			Text: "at the start, (x, y) is a P-position of the global game exactly when the local sum of the piles (x, x-1) and (y, y-1) is: G(x, x-1) xor G(y, y-1) = 0"}},
		global: func(d *globalData) Result { return CheckGlobalLocal(d.t, d.single) }})
	register(&Check{Order: 1006, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-R1-single", Scope: Global, Source: "observation (this project, not a published statement)",
			Text: "for x < y, R_1(x, y), the least limit at which (x, y) is an N-position, is a term of F(a) (a = 2: a Fibonacci number), as the single pile's R_1(0, n) always is"}},
		global: func(d *globalData) Result { return CheckGlobalR1Single(d.t) }})
	register(&Check{Order: 1007, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-R1-diff", Scope: Global, Source: "observation (this project, not a published statement)",
			Text: "for x < y, R_1(x, y) <= R_1(0, y - x), the single pile's threshold of the difference: the smallest greedy part of y - x by F(a) (a = 2: its smallest Zeckendorf part z_1(y - x))"}},
		global: func(d *globalData) Result { return CheckGlobalR1Diff(d.t) }})
	register(&Check{Order: 1008, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-R1-equal", Scope: Global, Source: "observation (this project, not a published statement)",
			Text: "for x < y, R_1(x, y) = R_1(0, y - x): (x, y, r) is a P-position exactly when (y - x, r) is one of the single pile"}},
		global: func(d *globalData) Result { return CheckGlobalR1Equal(d.t) }})
	register(&Check{Order: 1009, Reads: GlobalTable, Streams: how,
		Statements: []Statement{{ID: "GLOBAL-R1-two", Scope: Global, Source: "observation (this project, not a published statement)",
			Text: "for x < y, R_1(x, y) is R_1(0, y - x) or the term of F(a) just below it (a = 2: z_1(y - x) or the Fibonacci number before it)"}},
		global: func(d *globalData) Result { return CheckGlobalR1Two(d.t) }})
	register(&Check{Order: 1010, Reads: GlobalTable, Streams: how, only: grundy.Fibonacci,
		Statements: []Statement{{ID: "GLOBAL-R1-fib-diff", Scope: Global, Source: "observation (this project, not a published statement)",
			Text: "for y - x = F_k >= 2 a Fibonacci number (F_0, F_1, F_2, ... = 1, 2, 3, ...), R_1(x, y) = F_{k-1} when the largest Zeckendorf part of y is F_m with m - k odd, and R_1(x, y) = F_k when m - k is even"}},
		global: func(d *globalData) Result { return CheckGlobalR1FibDiff(d.t) }})
}

// GlobalPrefix begins the id of every check of the global game, and
// IDGlobalStartP is its lemma on the P-positions at the start (package
// report names them).
const (
	GlobalPrefix   = "GLOBAL-"
	IDGlobalStartP = "GLOBAL-start-P"
)

// globalData is one table of the global game, with the single pile's
// rows and the oracle its checks share.
type globalData struct {
	t      *globalnim.Table
	single *SinglePile
	mo     int // the oracle's range of piles
	o      *globalnim.Oracle
}

func (d *globalData) oracle(x, y, r int) int { return d.o.Value([]int{x, y}, r) }

// SinglePile is the single-pile game's G(n, r) for 0 <= r <= n <= N,
// Rows[n][r], and where it was read from.
type SinglePile struct {
	Rows   [][]uint16
	Source string
}

// GlobalOracleMax is the largest pile on which the global checks run the
// oracle (two piles, every limit), for a <= 4; larger multipliers get a
// smaller range, so that the oracle's memo stays near 2 million cells.
const GlobalOracleMax = 60

// GlobalMexMax is the largest pile on which GLOBAL-mex recomputes every
// cell from its options: the cost grows as M^3 (M = 500 takes about a
// second).
const GlobalMexMax = 500

// globalOracleRange is the largest pile the oracle runs to for a.
func globalOracleRange(a grundy.Multiplier, M int) int {
	m := min(M, GlobalOracleMax)
	for m > 8 {
		rMax := max(2*m, int(uint64(m)*a.P/a.Q))
		if (m+1)*(m+1)*(rMax+1) <= 2_300_000 {
			break
		}
		m--
	}
	return m
}

// CheckGlobal runs every check of the global game on t, in the order of
// the report: GLOBAL-one-pile, GLOBAL-symmetry, GLOBAL-oracle, GLOBAL-mex,
// GLOBAL-start-P, GLOBAL-local, GLOBAL-R1-single, GLOBAL-R1-diff,
// GLOBAL-R1-equal, GLOBAL-R1-two and, for a = 2, GLOBAL-R1-fib-diff, each
// with the multiplier in its id.
func CheckGlobal(t *globalnim.Table, single *SinglePile) []Result {
	a := t.Mult
	mo := globalOracleRange(a, t.M)
	d := &globalData{t: t, single: single, mo: mo, o: globalnim.NewOracle(2, mo, int64(a.P), int64(a.Q))}
	var res []Result
	for _, c := range Registry() {
		if c.global != nil && c.For(a) {
			res = append(res, c.global(d))
		}
	}
	return res
}

func cellName(x, y, r int) string { return fmt.Sprintf("G(%d, %d, %d)", x, y, r) }

// globalFail records a failing cell: N is y, R is r, and the strings name
// the whole position.
func (res *Result) globalFail(x, y, r int, computed, predicted string) {
	res.fail(Counterexample{N: int64(y), R: int64(r), Computed: computed, Predicted: predicted})
}

// CheckGlobalOnePile: with one pile empty the global game is the single
// pile, so G(0, y, r) = G(y, r) for every 0 <= r <= y <= M.
func CheckGlobalOnePile(t *globalnim.Table, single *SinglePile) Result {
	res := statement("GLOBAL-one-pile", Global).result(t.Mult)
	res.Mult, res.Index = "", "y"
	res.Domain = Domain{From: 0, To: int64(t.M), Cells: "every (0, y, r) with 0 <= r <= y"}
	for y := 0; y <= t.M; y++ {
		for r := 0; r <= y; r++ {
			res.Cases++
			if g, s := t.Value(0, y, r), int(single.Rows[y][r]); g != s {
				res.globalFail(0, y, r, fmt.Sprintf("%s = %d", cellName(0, y, r), g), fmt.Sprintf("G(%d, %d) = %d", y, r, s))
			}
		}
	}
	res.Note = "The single pile's rows: " + single.Source + "."
	return *res
}

// CheckGlobalSymmetry: G(x, y, r) = G(y, x, r), on value, a function of
// ordered piles: the oracle, which never sorts them. The table stores
// x <= y only, and GLOBAL-oracle compares it with the oracle in both
// orders.
func CheckGlobalSymmetry(a grundy.Multiplier, M, rMax int, value func(x, y, r int) int) Result {
	res := statement("GLOBAL-symmetry", Global).result(a)
	res.Statement = fmt.Sprintf("G(x, y, r) = G(y, x, r) for every x < y <= %d and 0 <= r <= %d, on the oracle, which never sorts the piles", M, rMax)
	res.Index = "y"
	res.Domain = Domain{From: 0, To: int64(M), Cells: fmt.Sprintf("every (x, y, r) with x < y, 0 <= r <= %d (oracle)", rMax)}
	for y := 0; y <= M; y++ {
		for x := 0; x < y; x++ {
			for r := 0; r <= rMax; r++ {
				res.Cases++
				if g, h := value(x, y, r), value(y, x, r); g != h {
					res.globalFail(x, y, r, fmt.Sprintf("%s = %d", cellName(x, y, r), g), fmt.Sprintf("%s = %d", cellName(y, x, r), h))
				}
			}
		}
	}
	res.Note = "The table stores each position once, x <= y; GLOBAL-oracle holds it to the oracle in both orders."
	return *res
}

// CheckGlobalOracle: the table equals the oracle on every cell it covers
// up to piles of M: both orders of the piles, every limit up to rMax
// (past the larger pile too: the table caps the limit, the oracle does
// not).
func CheckGlobalOracle(t *globalnim.Table, M, rMax int, oracle func(x, y, r int) int) Result {
	res := statement("GLOBAL-oracle", Global).result(t.Mult)
	res.Statement = fmt.Sprintf("the table's G(x, y, r) equals the oracle's for every x, y <= %d (both orders) and 0 <= r <= %d", M, rMax)
	res.Index = "y"
	res.Domain = Domain{From: 0, To: int64(M), Cells: fmt.Sprintf("every (x, y, r) with x, y <= %d, 0 <= r <= %d", M, rMax)}
	for y := 0; y <= M; y++ {
		for x := 0; x <= M; x++ {
			for r := 0; r <= rMax; r++ {
				res.Cases++
				if g, w := t.Value(x, y, r), oracle(x, y, r); g != w {
					res.globalFail(x, y, r, fmt.Sprintf("%s = %d", cellName(x, y, r), g), fmt.Sprintf("oracle %d", w))
				}
			}
		}
	}
	return *res
}

// CheckGlobalMex recomputes every cell (x, y, r), x <= y <= M, r <= y, as
// the mex of the values its moves reach, read from the table itself. A
// table that passes is the game's table on that range, by induction on
// x + y (every option has fewer tokens, and (0, 0, r) has no move): a
// proof from the data, not a sample.
func CheckGlobalMex(t *globalnim.Table, M int) Result {
	res := statement("GLOBAL-mex", Global).result(t.Mult)
	res.Statement = fmt.Sprintf("every cell (x, y, r) with x <= y <= %d and r <= y is the mex of the values of its moves, read from the table; so the table is the game's on that range (induction on x + y)", M)
	res.Index = "y"
	res.Domain = Domain{From: 0, To: int64(M), Cells: "every (x, y, r) with x <= y, 0 <= r <= y"}
	a := t.Mult
	// value of the option at limit c: the number of breakpoints <= c.
	value := func(x, y, c int) int {
		bs := t.Breakpoints(x, y)
		return sort.Search(len(bs), func(i int) bool { return int(bs[i]) > c })
	}
	var seen []int32
	for y := 0; y <= M; y++ {
		for x := 0; x <= y; x++ {
			if len(seen) < x+y+2 {
				seen = make([]int32, 2*(x+y+2))
			}
			bs := t.Breakpoints(x, y)
			mex := 0
			clear(seen)
			for r := 0; r <= y; r++ {
				if r > 0 {
					k := r
					if k <= x {
						seen[value(x-k, y, min(a.Quota(k), y))] = 1
					}
					seen[value(x, y-k, min(a.Quota(k), max(x, y-k)))] = 1
					for seen[mex] == 1 {
						mex++
					}
				}
				res.Cases++
				g := sort.Search(len(bs), func(i int) bool { return int(bs[i]) > r })
				if g != mex {
					res.globalFail(x, y, r, fmt.Sprintf("%s = %d", cellName(x, y, r), g), fmt.Sprintf("mex of its options %d", mex))
				}
			}
		}
	}
	return *res
}

// CheckGlobalStartP: at the starting convention (globalnim.StartLimit) the
// P-positions are exactly x = y and the single pile's start P-positions,
// (0, n) with n in F(a) (for a = 2 the Fibonacci numbers; Frankl &
// Tokushige, Theorem 1, Whinihan).
//
// Proof. (x, x, r) is a P-position for every r: the second player answers
// k tokens from one pile with k from the other, which the limit floor(a*k)
// >= k allows, and the piles stay equal. If 0 < x < y, the start limit is
// y > y - x, and taking y - x from the larger pile reaches (x, x): an
// N-position. (0, y) at r = y - 1 is the single pile's start.
func CheckGlobalStartP(t *globalnim.Table) Result {
	a := t.Mult
	res := statement(IDGlobalStartP, Global).result(a)
	res.Index = "y"
	res.Domain = Domain{From: 0, To: int64(t.M), Cells: "every position (x, y), x <= y, at its start limit"}
	inF := map[int]bool{}
	for _, f := range FPositions(a, t.M) {
		inF[int(f)] = true
	}
	p := 0
	for y := 0; y <= t.M; y++ {
		for x := 0; x <= y; x++ {
			res.Cases++
			want := x == y || x == 0 && inF[y]
			if g := t.Start(x, y); (g == 0) != want {
				res.globalFail(x, y, globalnim.StartLimit(x, y), fmt.Sprintf("%s = %d", cellName(x, y, globalnim.StartLimit(x, y)), g), map[bool]string{true: "a P-position", false: "an N-position"}[want])
			}
			if g := t.Start(x, y); g == 0 {
				p++
			}
		}
	}
	res.setStats(GlobalStats{PPositions: ptr(int64(p))})
	return *res
}

// CheckGlobalLocal compares, at the start, the global game with the local
// one, in which each pile keeps its own limit and starts at (n, n-1): by
// Sprague-Grundy the local sum is a P-position exactly when G(x, x-1) =
// G(y, y-1). The statement "the outcomes agree" is expected to fail; the
// check counts where, and gives the smallest cases.
func CheckGlobalLocal(t *globalnim.Table, single *SinglePile) Result {
	a := t.Mult
	res := statement("GLOBAL-local", Global).result(a)
	res.Index = "y"
	res.Domain = Domain{From: 0, To: int64(t.M), Cells: "every position (x, y), x <= y, at its start limit"}
	start := func(n int) int { return int(single.Rows[n][max(n-1, 0)]) }
	var globalOnly, localOnly, sameValue int64
	for y := 0; y <= t.M; y++ {
		for x := 0; x <= y; x++ {
			res.Cases++
			g := t.Start(x, y)
			l := start(x) ^ start(y)
			if g == l {
				sameValue++
			}
			if (g == 0) == (l == 0) {
				continue
			}
			if g == 0 {
				globalOnly++
			} else {
				localOnly++
			}
			res.globalFail(x, y, globalnim.StartLimit(x, y), fmt.Sprintf("global %s = %d", cellName(x, y, globalnim.StartLimit(x, y)), g),
				fmt.Sprintf("local G(%d, %d) xor G(%d, %d) = %d", x, max(x-1, 0), y, max(y-1, 0), l))
		}
	}
	res.setStats(GlobalStats{GlobalPLocalN: ptr(globalOnly), GlobalNLocalP: ptr(localOnly), SameValue: ptr(sameValue)})
	res.Note = fmt.Sprintf("Outcomes differ at %d of %d positions: %d are P-positions of the global game only, %d of the local sum only; the values themselves agree at %d. "+
		"Every global start P-position (x = y, or an empty pile and n in F(a), GLOBAL-start-P) is a local one, so the first count is 0 wherever GLOBAL-start-P holds.",
		res.Failures, res.Cases, globalOnly, localOnly, sameValue)
	return *res
}
