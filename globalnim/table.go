package globalnim

import (
	"context"
	"fmt"

	"fibnim/grundy"
)

// Table holds the breakpoints R_g(x, y), g = 1..G(x, y, max(x, y)), of
// every position 0 <= x <= y <= M, and so G(x, y, r) for every limit r.
// It is for tables that fit in memory (about 4 bytes a position plus 2 a
// breakpoint; results/global.md has the sizes measured); Sweep streams
// larger ones.
type Table struct {
	M    int
	Mult grundy.Multiplier
	off  []uint32 // R[off[p]:off[p+1]] are the breakpoints of position p
	R    []uint16
}

// Fill computes the table of size M for multiplier a with Sweep.
func Fill(ctx context.Context, M int, a grundy.Multiplier, workers int) (*Table, error) {
	b := NewBuilder(M, a)
	if _, err := Sweep(ctx, M, a, workers, b.Add); err != nil {
		return nil, err
	}
	return b.Table(), nil
}

// Builder assembles a Table from R_1, R_2, ... given in turn, as Sweep
// emits them or as a reader reads them from files.
type Builder struct {
	M    int
	a    grundy.Multiplier
	full []uint16   // breakpoints so far per position
	vals [][]uint16 // vals[g-1]: the finite entries of R_g, in Index order

	// A Builder made with the counts (NewSizedBuilder) writes each R_g
	// straight into the table, at 2 bytes a breakpoint instead of 4.
	sized *Table
	want  []uint16 // the number of breakpoints of each position
	added int      // R_1..R_added given
}

// NewSizedBuilder starts a table of size M whose positions have full[p]
// breakpoints each (G(x, y, max(x, y)), p = Index(x, y)), as a reader knows
// them from the positions file before it reads the breakpoints. Add then
// also refuses an R_g that does not have exactly the positions with
// full[p] >= g, and Table refuses to finish before every value is given.
func NewSizedBuilder(M int, a grundy.Multiplier, full []uint16) *Builder {
	b := NewBuilder(M, a)
	if len(full) != len(b.full) {
		panic(fmt.Sprintf("global: %d counts for %d positions", len(full), len(b.full)))
	}
	t := &Table{M: M, Mult: a, off: make([]uint32, len(full)+1)}
	for p, f := range full {
		t.off[p+1] = t.off[p] + uint32(f)
	}
	t.R = make([]uint16, t.off[len(full)])
	b.sized, b.want = t, full
	return b
}

// NewBuilder starts an empty table of size M.
func NewBuilder(M int, a grundy.Multiplier) *Builder {
	if err := checkM(M); err != nil {
		panic(err)
	}
	return &Builder{M: M, a: a, full: make([]uint16, Positions(M))}
}

// Add takes R_g (one entry per position in Index order, Inf where absent)
// for the next g. It returns an error if R_g is not a breakpoint array
// that follows R_{g-1}: an entry finite where R_{g-1} is absent, below
// R_{g-1}, below 1, or above the larger pile.
func (b *Builder) Add(g int, R []uint16) error {
	if b.sized != nil {
		return b.addSized(g, R)
	}
	if g != len(b.vals)+1 {
		return fmt.Errorf("global: R_%d given after R_%d", g, len(b.vals))
	}
	if len(R) != len(b.full) {
		return fmt.Errorf("global: R_%d has %d entries, want %d", g, len(R), len(b.full))
	}
	var v []uint16
	var prev []uint16
	if g > 1 {
		prev = b.vals[g-2]
	}
	j := 0 // index into prev: the finite entries of R_{g-1}
	p := 0
	for y := 0; y <= b.M; y++ {
		for x := 0; x <= y; x++ {
			r := R[p]
			had := g == 1 || int(b.full[p]) == g-1
			if r != Inf {
				switch {
				case !had:
					return fmt.Errorf("global: R_%d(%d, %d) = %d but R_%d(%d, %d) is absent", g, x, y, r, g-1, x, y)
				case r < 1 || int(r) > y:
					return fmt.Errorf("global: R_%d(%d, %d) = %d outside 1..%d", g, x, y, r, y)
				case g > 1 && r < prev[j]:
					return fmt.Errorf("global: R_%d(%d, %d) = %d below R_%d = %d", g, x, y, r, g-1, prev[j])
				}
				v = append(v, r)
				b.full[p]++
			}
			if g > 1 && int(b.full[p]) >= g-1 {
				j++
			}
			p++
		}
	}
	b.vals = append(b.vals, v)
	return nil
}

// addSized checks R_g against the counts and the table so far and writes
// it into the table.
func (b *Builder) addSized(g int, R []uint16) error {
	if g != b.added+1 {
		return fmt.Errorf("global: R_%d given after R_%d", g, b.added)
	}
	if len(R) != len(b.want) {
		return fmt.Errorf("global: R_%d has %d entries, want %d", g, len(R), len(b.want))
	}
	t := b.sized
	p := 0
	for y := 0; y <= b.M; y++ {
		for x := 0; x <= y; x++ {
			r, f := R[p], int(b.want[p])
			switch {
			case (r != Inf) != (f >= g):
				return fmt.Errorf("global: R_%d(%d, %d) is %s, but the position has %d breakpoints", g, x, y, map[bool]string{true: "given", false: "absent"}[r != Inf], f)
			case r == Inf:
			case r < 1 || int(r) > y:
				return fmt.Errorf("global: R_%d(%d, %d) = %d outside 1..%d", g, x, y, r, y)
			case g > 1 && r < t.R[int(t.off[p])+g-2]:
				return fmt.Errorf("global: R_%d(%d, %d) = %d below R_%d = %d", g, x, y, r, g-1, t.R[int(t.off[p])+g-2])
			default:
				t.R[int(t.off[p])+g-1] = r
			}
			p++
		}
	}
	b.added = g
	return nil
}

// Table returns the assembled table; the Builder must not be used after.
// A sized Builder (NewSizedBuilder) returns nil unless every value up to
// the largest count was given.
func (b *Builder) Table() *Table {
	if b.sized != nil {
		m := 0
		for _, f := range b.want {
			m = max(m, int(f))
		}
		if b.added != m {
			return nil
		}
		return b.sized
	}
	np := len(b.full)
	t := &Table{M: b.M, Mult: b.a, off: make([]uint32, np+1)}
	for p, f := range b.full {
		t.off[p+1] = t.off[p] + uint32(f)
	}
	t.R = make([]uint16, t.off[np])
	// Position by position, one cursor per value: the writes are in order
	// and each R_g is read in order.
	cur := make([]int, len(b.vals))
	for p, f := range b.full {
		o := int(t.off[p])
		for g := range int(f) {
			t.R[o+g] = b.vals[g][cur[g]]
			cur[g]++
		}
	}
	b.vals = nil
	b.full = nil
	return t
}

// Breakpoints returns R_1(x, y), ..., R_G(x, y) with G = G(x, y, max(x, y)),
// the piles in either order. The slice aliases the table.
func (t *Table) Breakpoints(x, y int) []uint16 {
	t.check(x, y)
	p := Index(x, y)
	return t.R[t.off[p]:t.off[p+1]:t.off[p+1]]
}

func (t *Table) check(x, y int) {
	if x < 0 || y < 0 || x > t.M || y > t.M {
		panic(fmt.Sprintf("global: position (%d, %d) outside the table of size %d", x, y, t.M))
	}
}

// Value returns G(x, y, r), the piles in either order, for any r >= 0 (a
// limit above the larger pile acts as the larger pile).
func (t *Table) Value(x, y, r int) int {
	g := 0
	for _, b := range t.Breakpoints(x, y) {
		if int(b) > r {
			break
		}
		g++
	}
	return g
}

// Full returns G(x, y, max(x, y)), the value with an unrestricted move.
func (t *Table) Full(x, y int) int { return len(t.Breakpoints(x, y)) }

// Start returns G(x, y, StartLimit(x, y)), the value of the starting
// position in this package's convention.
func (t *Table) Start(x, y int) int { return t.Value(x, y, StartLimit(x, y)) }

// MaxValue returns the largest G(x, y, max(x, y)) in the table.
func (t *Table) MaxValue() int {
	m := 0
	for p := range len(t.off) - 1 {
		m = max(m, int(t.off[p+1]-t.off[p]))
	}
	return m
}

// Len is the number of breakpoints the table holds.
func (t *Table) Len() int { return len(t.R) }

// Column returns R_g for every position in Index order, Inf where absent.
func (t *Table) Column(g int) []uint16 {
	out := make([]uint16, len(t.off)-1)
	for p := range out {
		out[p] = Inf
		if int(t.off[p+1]-t.off[p]) >= g {
			out[p] = t.R[int(t.off[p])+g-1]
		}
	}
	return out
}
