package figures

import (
	"math"
	"sort"

	"gonum.org/v1/plot/plotter"
)

// band is one bin of a downsampled series: the extremes of y over the
// consecutive points of the bin, and where they occur.
type band struct {
	First, Last    int     // the bin holds the points First..Last
	Min, Max       float64 // extremes of y over the bin
	ArgMin, ArgMax int     // first point where each extreme occurs
}

// envelope downsamples y(i), i = lo..hi, into at most bins bins of
// consecutive points, equally wide in log(i) when logX (then lo >= 1) and
// in i otherwise. Every bin keeps its minimum and maximum and where they
// occur, so no extreme is hidden: the largest and smallest y of any run of
// whole bins are exactly those of the points in it.
func envelope(lo, hi int, y func(i int) float64, bins int, logX bool) []band {
	if hi < lo || bins < 1 {
		return nil
	}
	if logX && lo < 1 {
		panic("plot: envelope on a log axis needs lo >= 1")
	}
	var out []band
	first := lo
	for j := 1; j <= bins && first <= hi; j++ {
		var last int
		switch {
		case j == bins:
			last = hi
		case logX:
			last = int(math.Floor(float64(lo) * math.Pow(float64(hi)/float64(lo), float64(j)/float64(bins))))
		default:
			last = lo + int(int64(hi-lo+1)*int64(j)/int64(bins)) - 1
		}
		if last < first {
			continue
		}
		last = min(last, hi)
		b := band{First: first, Last: last, Min: math.Inf(1), Max: math.Inf(-1)}
		for i := first; i <= last; i++ {
			v := y(i)
			if v < b.Min {
				b.Min, b.ArgMin = v, i
			}
			if v > b.Max {
				b.Max, b.ArgMax = v, i
			}
		}
		out = append(out, b)
		first = last + 1
	}
	return out
}

// polyline returns the points of the bands' extremes in the order of x, a
// line through which passes through every minimum and maximum.
func polyline(bs []band) plotter.XYs {
	var xy plotter.XYs
	for _, b := range bs {
		p := []plotter.XY{{X: float64(b.ArgMin), Y: b.Min}, {X: float64(b.ArgMax), Y: b.Max}}
		if b.ArgMax < b.ArgMin {
			p[0], p[1] = p[1], p[0]
		}
		xy = append(xy, p[0])
		if p[1] != p[0] {
			xy = append(xy, p[1])
		}
	}
	sort.SliceStable(xy, func(i, j int) bool { return xy[i].X < xy[j].X })
	return xy
}

// blockGrid is a heat-map grid of a triangular table: cell (c, r) covers
// the block of size x size table cells from (c*size, r*size), and holds the
// largest value of the cells 0 <= r <= n in it (NaN if it has none). The
// largest value is kept rather than the mean so that no rise is hidden.
type blockGrid struct {
	size int
	z    [][]float64 // z[c][r]
}

func newBlockGrid(t *denseTable, nmax, cells int) *blockGrid {
	size := (nmax + cells) / cells // ceil((nmax+1)/cells)
	m := nmax/size + 1
	g := &blockGrid{size: size, z: make([][]float64, m)}
	for c := range g.z {
		g.z[c] = make([]float64, m)
		for r := range g.z[c] {
			g.z[c][r] = math.NaN()
		}
	}
	for n := 0; n <= nmax; n++ {
		col := g.z[n/size]
		for r, v := range t.rows[n] {
			if f := float64(v); math.IsNaN(col[r/size]) || f > col[r/size] {
				col[r/size] = f
			}
		}
	}
	return g
}

func (g *blockGrid) Dims() (c, r int)   { return len(g.z), len(g.z) }
func (g *blockGrid) Z(c, r int) float64 { return g.z[c][r] }
func (g *blockGrid) X(c int) float64    { return float64(c*g.size) + float64(g.size-1)/2 }
func (g *blockGrid) Y(r int) float64    { return float64(r*g.size) + float64(g.size-1)/2 }
