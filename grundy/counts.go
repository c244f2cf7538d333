package grundy

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
)

// StartCounts accumulates the start values G(n, n) and G(n, n-1) from the
// breakpoint arrays. G(n, n-1) = G(n, n) unless some breakpoint of row n
// equals n, which is rare (29 rows of the first 10^6 for a = 2), so it is
// kept as the exceptions. (Several breakpoints of a row can equal n when
// its last value jumps by more than one, as in row 2, so the exception
// records the least such g.)
//
// G(n, n) takes one byte a row while every value is below 256, which for
// a = 2 holds far past any N the engine reaches (G(10^9) = 80); the first
// value of 256 widens the store to two bytes a row (Widen), which a = 1
// needs from n = 2,272,949 on.
type StartCounts struct {
	narrow []uint8  // G(n, n) while the store is narrow: the largest g with R_g(n) <= n
	wide   []uint16 // G(n, n) once widened; nil before
	isWide atomic.Bool
	first  map[uint32]int // for rows with some R_g(n) = n: the least such g
	mu     sync.Mutex     // guards first
	// marks has a bit per block of 256 rows, set once a row of the block
	// is in first, so that reading the start value of the other rows,
	// one per row at N = 10^9, costs no lock and no map lookup.
	marks []atomic.Uint64
}

const markShift = 8 // rows per mark: 1 << markShift

// narrowMax is the largest value the narrow store holds.
const narrowMax = math.MaxUint8

// NewStartCounts returns counts for 0 <= n <= N, all zero.
func NewStartCounts(N int) *StartCounts {
	return &StartCounts{narrow: make([]uint8, N+1), first: map[uint32]int{}, marks: make([]atomic.Uint64, N>>markShift>>6+1)}
}

// Widen moves G(n, n) to two bytes a row, for values past 255. No sweep
// may write to c meanwhile; readers may read (the narrow store stays
// valid, and the wide one is complete before they switch to it).
func (c *StartCounts) Widen() {
	if c.isWide.Load() {
		return
	}
	w := make([]uint16, len(c.narrow))
	for n, g := range c.narrow {
		w[n] = uint16(g)
	}
	c.wide = w
	c.isWide.Store(true)
}

// Wide reports whether Widen has run.
func (c *StartCounts) Wide() bool { return c.isWide.Load() }

func (c *StartCounts) mark(n int) {
	b := n >> markShift
	c.marks[b>>6].Or(1 << (b & 63))
}

func (c *StartCounts) marked(n int) bool {
	b := n >> markShift
	return c.marks[b>>6].Load()&(1<<(b&63)) != 0
}

// StartCountsBytes is the memory of StartCounts for size N and multiplier
// a, not counting the few exceptions: one byte a row, and two more if the
// table may reach the value 256 (MayWiden). It is StartCountsBytesContext
// that cannot be stopped.
func StartCountsBytes(N int, a Multiplier) uint64 {
	b, _ := StartCountsBytesContext(context.Background(), N, a)
	return b
}

// StartCountsBytesContext is StartCountsBytes whose pilot (MayWiden, from
// 2^20 rows) a cancelled ctx stops.
func StartCountsBytesContext(ctx context.Context, N int, a Multiplier) (uint64, error) {
	wide, err := MayWiden(ctx, a, N)
	if err != nil {
		return 0, err
	}
	return startCountsBytes(N, wide), nil
}

func startCountsBytes(N int, wide bool) uint64 {
	b := uint64(N+1) + uint64(N>>markShift>>6+1)*8
	if wide {
		b += 2 * uint64(N+1)
	}
	return b
}

// MaxStartValue is the largest value StartCounts can hold.
const MaxStartValue = math.MaxUint16

// Add records R_g. Arrays must be added for g = 1, 2, ... in order.
func (c *StartCounts) Add(g int, R []uint32) error {
	if g > MaxStartValue {
		return fmt.Errorf("%w: G(n) = %d exceeds %d", ErrOverflow, g, MaxStartValue)
	}
	for n, r := range R {
		if r <= uint32(n) {
			c.SetG(n, g)
			if r == uint32(n) {
				c.noteEqual(n, g)
			}
		}
	}
	return nil
}

// SetG records G(n, n) = g, widening the store if g > 255. Not for use
// while sweeps write to c.
func (c *StartCounts) SetG(n, g int) {
	if g > narrowMax {
		c.Widen()
	}
	if c.isWide.Load() {
		c.wide[n] = uint16(g)
	} else {
		c.narrow[n] = uint8(g)
	}
}

// noteEqual records that R_g(n) = n.
func (c *StartCounts) noteEqual(n, g int) {
	c.mu.Lock()
	if f, ok := c.first[uint32(n)]; !ok || g < f {
		c.first[uint32(n)] = g
	}
	c.mark(n)
	c.mu.Unlock()
}

// SetStart records G(n, n-1) = s for a row with G(n, n) already set (to
// restore counts from a checkpoint).
func (c *StartCounts) SetStart(n, s int) {
	if s < c.G(n) {
		c.mu.Lock()
		c.first[uint32(n)] = s + 1
		c.mark(n)
		c.mu.Unlock()
	}
}

// Checkpoint returns the counts as they were when values 1..g were
// recorded, for row n, given r = R_g(n). It is safe to call from the
// engine's Whole(g, R) while the sweeps for later values write to c: it
// reads G(n, n) only for rows where R_g(n) > n, which no later sweep
// touches, returns g or g-1 for the others, and sees the exceptions of
// earlier values (a later sweep only adds rows with R_g(n) <= n, whose
// answer does not depend on them).
func (c *StartCounts) Checkpoint(g int, r uint32, n int) (full, start uint16) {
	switch {
	case r < uint32(n):
		return uint16(g), uint16(g)
	case r == uint32(n):
		full = uint16(g)
		if f, ok := c.firstEqual(n); ok && f < g {
			return full, uint16(f - 1)
		}
		return full, uint16(g - 1)
	default:
		full = uint16(c.G(n))
		if f, ok := c.firstEqual(n); ok {
			return full, uint16(f - 1)
		}
		return full, full
	}
}

func (c *StartCounts) firstEqual(n int) (int, bool) {
	if !c.marked(n) {
		return 0, false
	}
	c.mu.Lock()
	f, ok := c.first[uint32(n)]
	c.mu.Unlock()
	return f, ok
}

// G returns G(n, n).
func (c *StartCounts) G(n int) int {
	if c.isWide.Load() {
		return int(c.wide[n])
	}
	return int(c.narrow[n])
}

// StartValue returns G(n, n-1), and G(0, 0) = 0 for n = 0.
func (c *StartCounts) StartValue(n int) int {
	if f, ok := c.firstEqual(n); ok {
		return f - 1
	}
	return c.G(n)
}

// Values sets start[i] = G(n, n-1) and full[i] = G(n, n) for the rows n =
// first+i, as StartValue and G give them one row at a time (start and full
// have the same length): the start-values file reads the counts this way,
// a block of rows at once, at N = 10^9.
func (c *StartCounts) Values(first int, start, full []int32) {
	full = full[:len(start)]
	if c.isWide.Load() {
		for i, g := range c.wide[first : first+len(full)] {
			full[i] = int32(g)
		}
	} else {
		for i, g := range c.narrow[first : first+len(full)] {
			full[i] = int32(g)
		}
	}
	copy(start, full)
	if len(full) == 0 {
		return
	}
	// The exceptions: only the rows of marked blocks can have one.
	last := first + len(full) - 1
	for b := first >> markShift; b <= last>>markShift; b++ {
		if !c.marked(b << markShift) {
			continue
		}
		lo, hi := max(first, b<<markShift), min(last, (b+1)<<markShift-1)
		c.mu.Lock()
		for n := lo; n <= hi; n++ {
			if f, ok := c.first[uint32(n)]; ok {
				start[n-first] = int32(f - 1)
			}
		}
		c.mu.Unlock()
	}
}
