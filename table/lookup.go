package table

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"

	"fibnim/grundy"
)

// Reading positions. R_g(n), the least r with G(n, r) >= g, does not
// decrease in g (G(n, r) does not decrease in r: the options of (n, r)
// are among those of (n, r+1)), so
//
//	G(n, r) = the number of g with R_g(n) <= r = the last such g,
//
// and Value reads R_1(n), R_2(n), ... only until the first R_g(n) > r.
// Each R_g(n) is one page of file g, found through the page index
// (pages.go) and decoded once: decoded pages stay in a cache bounded by
// DefaultCacheBytes (cache.go).

// Value returns G(n, r) for 0 <= r <= n <= N. It reads the breakpoint
// files; where the run wrote none, dense.parquet for n <= DenseN and, for
// larger n, the start values, which answer (n, n-1) and (n, n) only. It
// reads R_g(n) for g = 1, 2, ... and stops at the first
// g with R_g(n) > r: G(n, r) + 1 pages at most, each from the cache where
// an earlier call decoded it.
func (t *Table) Value(n, r int) (int, error) {
	if err := t.checkPosition(n, r); err != nil {
		return 0, err
	}
	if t.files == nil {
		return t.valueWithoutBreakpoints(n, r)
	}
	g := 0
	for g < len(t.files) {
		R, err := t.rAt(g+1, n)
		if err != nil {
			return 0, err
		}
		if R > uint32(r) {
			break
		}
		g++
	}
	return g, nil
}

// Values returns G(n, r) for every position of ps, in the order given. It
// sorts the positions by n, then reads file g = 1, 2, ... for the
// positions whose value is not yet known, in increasing n, and drops a
// position at its first g with R_g(n) > r: so each page a batch needs is
// decoded at most once while the batch walks it, and no file past the
// largest value asked for is read. It stops when ctx is done, between
// files. A table without breakpoint files answers as Value does.
func (t *Table) Values(ctx context.Context, ps []grundy.Position) ([]int, error) {
	for _, p := range ps {
		if err := t.checkPosition(p.N, p.R); err != nil {
			return nil, err
		}
	}
	out := make([]int, len(ps))
	if t.files == nil {
		for i, p := range ps {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			g, err := t.valueWithoutBreakpoints(p.N, p.R)
			if err != nil {
				return nil, err
			}
			out[i] = g
		}
		return out, nil
	}
	live := make([]int, len(ps))
	for i := range live {
		live[i] = i
	}
	sort.SliceStable(live, func(i, j int) bool { return ps[live[i]].N < ps[live[j]].N })
	for g := 1; g <= len(t.files) && len(live) > 0; g++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next := live[:0]
		for _, i := range live {
			R, err := t.rAt(g, ps[i].N)
			if err != nil {
				return nil, err
			}
			if R <= uint32(ps[i].R) {
				out[i] = g
				next = append(next, i)
			}
		}
		live = next
	}
	return out, nil
}

// Row returns R_1(n), ..., R_G(n), with G = G(n, n): R_g(n) is the least r
// with G(n, r) >= g, so G(n, r) is the number of them <= r, and the whole
// row n of the table is G(n, r) = g for R_g(n) <= r < R_{g+1}(n). It reads
// one page of each file g <= G(n) + 1.
func (t *Table) Row(n int) ([]uint32, error) {
	if err := t.checkN(n); err != nil {
		return nil, err
	}
	if t.files == nil {
		if err := t.loadDense(n); err != nil {
			return nil, err
		}
		var bs []uint32
		for r, g := range t.dense[n] {
			for len(bs) < int(g) {
				bs = append(bs, uint32(r))
			}
		}
		return bs, nil
	}
	var bs []uint32
	for g := 1; g <= len(t.files); g++ {
		R, err := t.rAt(g, n)
		if err != nil {
			return nil, err
		}
		if R == grundy.Inf {
			break
		}
		bs = append(bs, R)
	}
	return bs, nil
}

// Column returns R_g(m) for lo <= m <= hi (grundy.Inf where G(m, m) < g),
// read from breakpoint file g; g = 0 gives zeros. It decodes the pages
// that cover the window, through the cache.
func (t *Table) Column(g, lo, hi int) ([]uint32, error) {
	if err := t.checkN(lo); err != nil {
		return nil, err
	}
	if err := t.checkN(hi); err != nil {
		return nil, err
	}
	if lo > hi || g < 0 {
		return nil, fmt.Errorf("table: Column(%d, %d, %d): want g >= 0 and lo <= hi", g, lo, hi)
	}
	if t.files == nil && g > 0 {
		return nil, fmt.Errorf("%s holds no breakpoint files (written with -breakpoints=false or by the dense engine)", t.dir)
	}
	out := make([]uint32, hi-lo+1)
	if g == 0 {
		return out, nil
	}
	for i := range out {
		out[i] = grundy.Inf
	}
	if g > len(t.files) {
		return out, nil
	}
	ix := &t.index[g-1]
	for p := max(ix.page(int64(lo)), 0); p < ix.pages() && ix.minN[p] <= int64(hi); p++ {
		b, err := t.block(g, p)
		if err != nil {
			return nil, err
		}
		// The first run that ends past lo, then every run that begins
		// by hi.
		i := sort.Search(len(b.n), func(i int) bool { return int64(b.n[i])+int64(b.run[i]) > int64(lo) })
		for ; i < len(b.n) && int(b.n[i]) <= hi; i++ {
			n, r, run := int(b.n[i]), int(b.rmin[i]), int(b.run[i])
			for m := max(n, lo); m < min(n+run, hi+1); m++ {
				out[m-lo] = uint32(r + m - n)
			}
		}
	}
	return out, nil
}

// SetCacheBytes bounds the decoded pages the table keeps (DefaultCacheBytes
// when it opens), and empties the cache. A page just decoded is kept even
// where it alone passes the bound.
func (t *Table) SetCacheBytes(n int64) { t.cache.reset(n) }

// rAt returns R_g(m) (grundy.Inf where no run of file g covers m), from
// the one page of file g that can hold it.
func (t *Table) rAt(g, m int) (uint32, error) {
	ix := &t.index[g-1]
	p := ix.page(int64(m))
	if p < 0 {
		return grundy.Inf, nil
	}
	b, err := t.block(g, p)
	if err != nil {
		return 0, err
	}
	return b.at(int64(m)), nil
}

// block returns page p of file g, decoded, from the cache or the file.
func (t *Table) block(g, p int) (*block, error) {
	k := pageKey{g, p}
	if b := t.cache.get(k); b != nil {
		return b, nil
	}
	b, err := decodePage(t.files[g-1], &t.index[g-1], p, t.n)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", BreakpointFile(filepath.Join(t.dir, BreakpointsDir), g), err)
	}
	t.cache.put(k, b)
	return b, nil
}

func (t *Table) checkPosition(n, r int) error {
	if err := t.checkN(n); err != nil {
		return err
	}
	if r < 0 || r > n {
		return fmt.Errorf("quota r = %d is outside 0..n = %d", r, n)
	}
	return nil
}

// startAt reads row n of start_values.parquet, G(n, n-1) and G(n, n),
// alone: the page of each column that holds it. The row's n must be n.
func (t *Table) startAt(n int) (start, full int, err error) {
	path := filepath.Join(t.dir, StartValuesFile)
	if t.starts == nil {
		if t.starts, err = OpenFile[StartValue](path); err != nil {
			return 0, 0, err
		}
	}
	rd := t.starts
	row := int64(n)
	for _, rg := range rd.File().RowGroups() {
		if row >= rg.NumRows() {
			row -= rg.NumRows()
			continue
		}
		var v [3]int64
		for i, name := range []string{"n", "g_start", "g_full"} {
			c, ok := rd.File().Schema().Lookup(name)
			if !ok {
				return 0, 0, fmt.Errorf("%s: %w (no column %s)", path, ErrCorrupt, name)
			}
			x, err := readColumn64(rg.ColumnChunks()[c.ColumnIndex], row, 1)
			if err != nil {
				return 0, 0, fmt.Errorf("%s: %w", path, err)
			}
			v[i] = x[0]
		}
		if v[0] != int64(n) || !startValueOK(v[1]) || !startValueOK(v[2]) {
			return 0, 0, fmt.Errorf("%s: %w: row %d is n = %d, g_start = %d, g_full = %d", path, ErrCorrupt, n, v[0], v[1], v[2])
		}
		return int(v[1]), int(v[2]), nil
	}
	return 0, 0, fmt.Errorf("%s: %w: no row %d", path, ErrCorrupt, n)
}

// valueWithoutBreakpoints answers G(n, r) from dense.parquet where it
// covers row n, and else from the start values, for r = n-1 and r = n
// (and r = 0, a position without moves).
func (t *Table) valueWithoutBreakpoints(n, r int) (int, error) {
	if n <= t.denseN {
		if err := t.loadDense(n); err != nil {
			return 0, err
		}
		return int(t.dense[n][r]), nil
	}
	switch {
	case r == 0:
		return 0, nil
	case r == n-1 || r == n:
		start, full, err := t.startAt(n)
		if r == n {
			start = full
		}
		return start, err
	case t.denseN < 0:
		return 0, fmt.Errorf("%s holds neither breakpoint files nor %s: its start values answer (n, n-1) and (n, n) only, not (%d, %d)", t.dir, DenseFile, n, r)
	}
	return 0, fmt.Errorf("%s holds no breakpoint files, and %s covers only n <= %d: above it, the start values answer (n, n-1) and (n, n) only, not (%d, %d)", t.dir, DenseFile, t.denseN, n, r)
}
