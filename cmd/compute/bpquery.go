package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"fibnim/grundy"
	"fibnim/table"
)

// breakpointValuer answers queries from a breakpoint table on disk:
// G(n, r) = #{g >= 1 : R_g(n) <= r}, where R_g(n) comes from the run that
// covers n in breakpoints/g=XXXX.parquet (none means R_g(n) = Inf).
type breakpointValuer struct {
	a     grundy.Multiplier
	dir   string
	files []*table.Reader[table.Breakpoint] // files[g-1]
	first [][]int64                         // first[g-1][p]: first row of page p
	minN  [][]int64                         // minN[g-1][p]: least n in page p
}

func openBreakpointValuer(N int, a grundy.Multiplier, in string) (valuer, error) {
	dir := filepath.Join(in, "grundy", "mult="+a.Folder(), "breakpoints")
	v := &breakpointValuer{a: a, dir: dir}
	for g := 1; ; g++ {
		r, err := table.OpenBreakpoints(breakpointFile(dir, g))
		if errors.Is(err, os.ErrNotExist) {
			break
		}
		if err != nil {
			return nil, err
		}
		if tn, _ := strconv.Atoi(r.Meta["fibnim.N"]); tn < N {
			r.Close()
			return nil, fmt.Errorf("%s covers n <= %d; run compute grundy -n %d -mult %s first", dir, tn, N, a)
		}
		first, minN, err := r.PageIndex(0)
		if err != nil {
			r.Close()
			return nil, err
		}
		v.files = append(v.files, r)
		v.first = append(v.first, first)
		v.minN = append(v.minN, minN)
	}
	if len(v.files) == 0 {
		return nil, fmt.Errorf("n=%d is above the dense query limit %d and %s holds no breakpoint table; run compute grundy -n %d -mult %s first", N, maxQueryDense, dir, N, a)
	}
	return v, nil
}

// seekRow returns the first row of the last page of file g whose least n
// is at most target: the run covering target, if any, starts there or
// later, and so do all runs past it.
func (v *breakpointValuer) seekRow(g, target int) int64 {
	minN := v.minN[g-1]
	p := sort.Search(len(minN), func(i int) bool { return minN[i] > int64(target) }) - 1
	if p < 0 {
		return 0
	}
	return v.first[g-1][p]
}

// column returns R_g(m) for lo <= m <= hi (Inf where absent); g = 0 gives 0.
func (v *breakpointValuer) column(g, lo, hi int) ([]uint32, error) {
	out := make([]uint32, hi-lo+1)
	if g == 0 {
		return out, nil
	}
	for i := range out {
		out[i] = grundy.Inf
	}
	if g > len(v.files) {
		return out, nil
	}
	_, err := table.ReadRuns(v.files[g-1], v.seekRow(g, lo), lo, out)
	if err != nil {
		err = fmt.Errorf("%s: %w", breakpointFile(v.dir, g), err)
	}
	return out, err
}

func (v *breakpointValuer) Value(n, r int) (int, error) {
	g := 0
	for g < len(v.files) {
		c, err := v.column(g+1, n, n)
		if err != nil {
			return 0, err
		}
		if c[0] > uint32(r) {
			break
		}
		g++
	}
	return g, nil
}

func (v *breakpointValuer) MovesTo(n, r, t int) ([]int, error) {
	if r == 0 {
		return nil, nil
	}
	lo, hi := n-r, n-1
	at, err := v.column(t, lo, hi)
	if err != nil {
		return nil, err
	}
	above, err := v.column(t+1, lo, hi)
	if err != nil {
		return nil, err
	}
	var ks []int
	for k := 1; k <= r; k++ {
		m, c := moveTo(v.a, n, k)
		if at[m-lo] <= uint32(c) && uint32(c) < above[m-lo] {
			ks = append(ks, k)
		}
	}
	return ks, nil
}
