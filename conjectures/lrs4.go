package conjectures

import (
	"fmt"
	"math"
)

// Theorems 4.1, 4.5, 4.6 and 4.7 of Larsson & Rubinstein-Salzedo: the
// cells of value 0, 1, 2 and 3, on every (n, r). They share one stream
// (R_1..R_4 and the Zeckendorf parts of n), each with a state of its own.
func init() {
	ids := [4]string{"LRS-4.1", "LRS-4.5", "LRS-4.6", "LRS-4.7"}
	texts := [4]string{
		"G(n, r) = 0 if and only if r < z_1(n)",
		"G(n, r) = 1 if and only if z_1(n) = 1 and 1 <= r < z_2(n)",
		"G(n, r) = 2 if and only if z_1(n) = 2 and 2 <= r < z_2(n)",
		"G(n, r) = 3 if and only if (z_1 = 1, z_2 = 3 and 3 <= r < z_3) or (z_1 = 3 and 3 <= r < z_2 - 1)",
	}
	tex := [4]string{
		`Thm 4.1: $G(n,r)=0$ iff $r<z_1(n)$`,
		`Thm 4.5: the cells of value $1$`,
		`Thm 4.6: the cells of value $2$`,
		`Thm 4.7: the cells of value $3$`,
	}
	for g := range ids {
		register(&Check{
			Order: 410 + g,
			Statements: []Statement{{ID: ids[g], Scope: Fibonacci, Source: lrsSource + ", Theorem " + ids[g][4:],
				Text: texts[g], TeX: tex[g]}},
			Reads:   StartValues | R1to4,
			Streams: fmt.Sprintf("row by row: the interval of r with G(n, r) = %d is [R_%d(n), R_%d(n)) cut to [0, n], compared with the one the theorem gives from the Zeckendorf parts z_1 < z_2 < z_3 of n (carried from n to n+1); a failing row reports its smallest differing r", g, g, g+1),
			stream: func(p *Pass, c *cursor) rowCheck {
				c.zeckendorf()
				s := &cellCheck{g: g, res: statement(ids[g], Fibonacci).result(p.Mult)}
				s.res.Domain = Domain{From: 0, To: c.N, Cells: "every (n, r) with 0 <= r <= n"}
				return s
			},
		})
	}
}

// cellCheck compares the computed interval of r with G(n, r) = g with the
// predicted one (Theorems 4.1, 4.5, 4.6, 4.7).
type cellCheck struct {
	g   int
	res *Result
}

func (s *cellCheck) visit(c *cursor, rows []Row) {
	g, n0, z := s.g, c.n0, c.z[:len(rows)]
	for i := range rows {
		row, n := &rows[i], n0+int64(i)
		var clo int64
		if g > 0 {
			clo = min(int64(row.R[g-1]), n+1)
		}
		chi := max(clo, min(int64(row.R[g]), n+1))
		plo, phi := lowTheorem(g, z[i])
		plo, phi = max(plo, 0), min(phi, n+1)
		if phi <= plo {
			plo, phi = 0, 0
		}
		if chi <= clo {
			clo, chi = 0, 0
		}
		if clo != plo || chi != phi {
			s.fail(n, clo, chi, plo, phi)
		}
	}
	// Every cell (n, r), 0 <= r <= n, of the batch's rows n0..n1 is a case.
	n0, n1 := c.n0, c.n0+int64(len(rows))-1
	s.res.Cases += (n1 - n0 + 1) * (n0 + n1 + 2) / 2
}

// fail reports row n, where the computed interval [clo, chi) of r with
// G(n, r) = g is not the predicted [plo, phi), at its smallest r where
// membership differs.
func (s *cellCheck) fail(n, clo, chi, plo, phi int64) {
	g := s.g
	r := int64(math.MaxInt64)
	for _, x := range []int64{clo, chi, plo, phi} {
		if x <= n && (x >= clo && x < chi) != (x >= plo && x < phi) {
			r = min(r, x)
		}
	}
	in := r >= clo && r < chi
	s.res.fail(Counterexample{N: n, R: r,
		Computed:  fmt.Sprintf("G(%d,%d) %s %d (value-%d cells: r in [%d,%d))", n, r, map[bool]string{true: "=", false: "!="}[in], g, g, clo, chi),
		Predicted: fmt.Sprintf("value-%d cells: r in [%d,%d)", g, plo, phi)})
}

func (s *cellCheck) results(*cursor, Scope) []Result {
	s.res.closeRange()
	return []Result{*s.res}
}
