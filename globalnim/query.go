package globalnim

import "fmt"

// Move is one move of the global game: K tokens taken from pile Pile (0:
// the first pile given, x; 1: the second, y), reaching the position
// (X, Y, R) with the piles in the order given and the limit R =
// min(floor(a*K), max(X, Y)), of value G.
type Move struct {
	Pile, K int
	X, Y, R int
	G       int
}

func (m Move) String() string {
	return fmt.Sprintf("take %d from pile %d -> (%d, %d, %d)", m.K, m.Pile+1, m.X, m.Y, m.R)
}

// Options returns every move from (x, y, r), the piles in either order:
// first the moves from x (k = 1, 2, ...), then those from y, each with
// the value of the position it reaches.
func (t *Table) Options(x, y, r int) []Move {
	t.check(x, y)
	if r < 0 {
		panic(fmt.Sprintf("global: negative limit %d", r))
	}
	var out []Move
	piles := [2]int{x, y}
	for i := range 2 {
		for k := 1; k <= min(r, piles[i]); k++ {
			q := piles
			q[i] -= k
			lim := min(t.Mult.Quota(k), max(q[0], q[1]))
			out = append(out, Move{Pile: i, K: k, X: q[0], Y: q[1], R: lim, G: t.Value(q[0], q[1], lim)})
		}
	}
	return out
}

// MovesTo returns the moves from (x, y, r) to positions of value v.
func (t *Table) MovesTo(x, y, r, v int) []Move {
	var out []Move
	for _, m := range t.Options(x, y, r) {
		if m.G == v {
			out = append(out, m)
		}
	}
	return out
}

// Answer is what a query of one position gives: its value and its winning
// moves, those to a position of value 0 (none when G = 0).
type Answer struct {
	X, Y, R int
	Start   bool // R is StartLimit(X, Y)
	G       int
	Winning []Move
	Options int // how many moves there are
}

// Query answers the position (x, y, r); r < 0 means the starting limit
// StartLimit(x, y).
func (t *Table) Query(x, y, r int) Answer {
	ans := Answer{X: x, Y: y, R: r}
	if r < 0 {
		ans.R, ans.Start = StartLimit(x, y), true
	}
	ans.G = t.Value(x, y, ans.R)
	opts := t.Options(x, y, ans.R)
	ans.Options = len(opts)
	for _, m := range opts {
		if m.G == 0 {
			ans.Winning = append(ans.Winning, m)
		}
	}
	return ans
}
