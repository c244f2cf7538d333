package report

import (
	"bytes"
	"fmt"

	"fibnim/conjectures"
)

// startMoves renders the section of report.md on the winning first moves
// of the starting piles (n, n-1) of a = 2: by decade, how many piles are
// first-player wins and how many have more than one winning move.
func startMoves(d *doc, sm *conjectures.StartMoves) {
	if sm == nil {
		return
	}
	d.line("")
	d.section("##", "Winning first moves from the starting pile (n, n-1), a = 2")
	d.line("A winning first move removes k from (n, n-1) and leads to a position of value 0. Removing z_1(n) is one (Whinihan; Larsson & Rubinstein-Salzedo, Theorem 4.1), and \"there may be other winning moves as well\" (Larsson & Rubinstein-Salzedo, Section 3); Wikipedia's 10-coin example has removing 2 as the only one, and Project Euler 366 gives n = 17 two, removing 1 or 4. Allen & Ponomarenko (2014) characterize all winning moves; their paper is not among this project's sources, so the counts below are not compared with it.")
	d.line("")
	d.line("Every winning first move for n <= %s is in tables/winning_moves.csv. The counts below are for every n <= %s, from R_1 alone: removing k wins exactly when floor(2k) < R_1(n-k), and for n <= %s they agree with the moves of the file, n by n (Verify stops otherwise).",
		group(int64(len(sm.Moves)-1)), group(int64(sm.TallyN)), group(int64(len(sm.Moves)-1)))
	d.line("")
	d.header("n in", "starting piles", "first-player wins", "one winning move", "more than one", "fraction of piles with more than one", "most winning moves (first n)")
	for _, x := range sm.Decades {
		d.row(fmt.Sprintf("[%s, %s]", group(x.From), group(x.To)), group(x.Piles), group(x.Wins), group(x.Wins-x.Multiple), group(x.Multiple),
			fmt.Sprintf("%.6f", float64(x.Multiple)/float64(x.Piles)), fmt.Sprintf("%d (%s)", x.Most, group(x.MostAt)))
	}
}

// WinningMovesCSV renders tables/winning_moves.csv: one line per winning
// first move from a starting pile of a = 2, n = 1..len(sm.Moves)-1, in
// increasing n and then k; losing piles (the Fibonacci numbers) have no
// line. Columns: n, k (tokens removed), to_n and to_r (the position
// reached, of value 0), and moves (how many winning moves n has).
func WinningMovesCSV(sm *conjectures.StartMoves) []byte {
	var b bytes.Buffer
	b.WriteString("n,k,to_n,to_r,moves\n")
	for n, ms := range sm.Moves {
		for _, m := range ms {
			fmt.Fprintf(&b, "%d,%d,%d,%d,%d\n", n, m.Take, m.To.N, m.To.R, len(ms))
		}
	}
	return b.Bytes()
}
