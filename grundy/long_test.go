package grundy

import (
	"os"
	"strconv"
	"strings"
	"sync"
)

// longTests reports whether the tests run their exhaustive matrices, as
// make test-long asks (FIBNIM_LONG=1): every worker count with every
// switch mode and multiplier at the largest N of each test. Without it
// (make test, CI) each such test runs every combination at a smaller N
// and a subset at the large N that still covers each worker count, switch
// mode and multiplier there; its doc comment says which. -short shrinks
// both.
func longTests() bool { return os.Getenv("FIBNIM_LONG") != "" }

// seqCountsKey names a reference table of start values.
type seqCountsKey struct {
	N int
	a Multiplier
}

var (
	seqCountsMu sync.Mutex
	seqCounts   = map[seqCountsKey]*StartCounts{}
)

// sequentialCounts returns the start values G(n, n) and G(n, n-1) for
// n <= N made by the sequential row sweep (no pipeline, no run sweep)
// through StartCounts.Add, computed once per (N, a) in a test binary and
// shared by the tests that compare the pipeline's counts with it (1 byte
// a row; only two layers are held while it is made). Callers must not
// change it.
func sequentialCounts(N int, a Multiplier) *StartCounts {
	seqCountsMu.Lock()
	defer seqCountsMu.Unlock()
	k := seqCountsKey{N, a}
	if c, ok := seqCounts[k]; ok {
		return c
	}
	c := NewStartCounts(N)
	s := newSweeper(N, a)
	in, out := make([]uint32, N+1), make([]uint32, N+1) // R_0 = 0
	for g := 0; ; g++ {
		s.start(g, nil)
		s.run(in, out)
		if s.finite == 0 {
			break
		}
		c.Add(g+1, out)
		in, out = out, in
	}
	seqCounts[k] = c
	return c
}

// shareCounts offers c, the counts StartCounts.Add made from every layer
// of the sequential row sweep at N rows, as sequentialCounts(N, a), so that
// a later test need not sweep again. Callers must not change c after.
func shareCounts(N int, a Multiplier, c *StartCounts) {
	seqCountsMu.Lock()
	defer seqCountsMu.Unlock()
	if _, ok := seqCounts[seqCountsKey{N, a}]; !ok {
		seqCounts[seqCountsKey{N, a}] = c
	}
}

// subtest names the subtest of multiplier str at N rows ("a=3_2,N=100000":
// a slash would start a level of the name).
func subtest(str string, N int) string {
	return "a=" + strings.ReplaceAll(str, "/", "_") + ",N=" + strconv.Itoa(N)
}
