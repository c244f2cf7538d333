package automatic

// Minimize returns the minimal automaton of the relation a accepts, its
// states numbered breadth first from the start (symbols in increasing
// order), without the dead state. It is Hopcroft's algorithm (1971):
// partition refinement that splits by the smaller half, O(m s log s) for
// s states and m symbols.
func Minimize(a *Automaton) *Automaton {
	m, _ := minimize(nil, a)
	return m
}

// minimize is Minimize that stops with the context's error of lim (nil:
// none), looked at every few thousand refinements: a product of millions
// of states takes seconds to minimise.
func minimize(lim *limits, a *Automaton) (*Automaton, error) {
	k := a.k
	m := 1 << k
	n := a.States() + 1 // the last state is the dead state
	dead := int32(n - 1)
	tr := func(s int32, sym int) int32 {
		if s == dead {
			return dead
		}
		t := a.next[int(s)<<k|sym]
		if t < 0 {
			return dead
		}
		return t
	}
	// Inverse transitions, per symbol, in CSR form.
	invStart := make([]int32, m*n+1)
	for s := int32(0); s < int32(n); s++ {
		for sym := 0; sym < m; sym++ {
			invStart[sym*n+int(tr(s, sym))+1]++
		}
	}
	for i := 1; i < len(invStart); i++ {
		invStart[i] += invStart[i-1]
	}
	inv := make([]int32, m*n)
	fill := append([]int32(nil), invStart[:m*n]...)
	for s := int32(0); s < int32(n); s++ {
		for sym := 0; sym < m; sym++ {
			j := sym*n + int(tr(s, sym))
			inv[fill[j]] = s
			fill[j]++
		}
	}
	// Partition: elems is a permutation; block b holds elems[first[b]:end[b]].
	elems := make([]int32, n)
	loc := make([]int32, n)
	blockOf := make([]int32, n)
	var first, end []int32
	i := 0
	for pass := 0; pass < 2; pass++ {
		start := i
		for s := 0; s < n; s++ {
			acc := int32(s) != dead && a.accept[s]
			if acc == (pass == 0) {
				elems[i] = int32(s)
				loc[s] = int32(i)
				blockOf[s] = int32(len(first))
				i++
			}
		}
		if i > start {
			first = append(first, int32(start))
			end = append(end, int32(i))
		} else if pass == 0 {
			// no accepting state: everything is dead
			return Empty(a.ns, k), nil
		}
	}
	inWork := make([]bool, 0, 2*m)
	var work []int32 // pairs block*m+sym
	push := func(b int32, sym int) {
		idx := int(b)*m + sym
		for len(inWork) <= idx {
			inWork = append(inWork, false)
		}
		if !inWork[idx] {
			inWork[idx] = true
			work = append(work, int32(idx))
		}
	}
	for sym := 0; sym < m; sym++ {
		push(0, sym)
		if len(first) > 1 {
			push(1, sym)
		}
	}
	marked := make([]int32, 0, n) // per block: how many are marked (moved to the front)
	markCount := func(b int32) *int32 {
		for len(marked) <= int(b) {
			marked = append(marked, 0)
		}
		return &marked[b]
	}
	var touched []int32
	var pre []int32
	for iter := 0; len(work) > 0; iter++ {
		if iter&4095 == 4095 {
			if err := lim.cancelled(); err != nil {
				return nil, err
			}
		}
		idx := work[len(work)-1]
		work = work[:len(work)-1]
		inWork[idx] = false
		b, sym := idx/int32(m), int(idx%int32(m))
		// Preimages of block b under sym.
		pre = pre[:0]
		for j := first[b]; j < end[b]; j++ {
			t := elems[j]
			pre = append(pre, inv[invStart[sym*n+int(t)]:invStart[sym*n+int(t)+1]]...)
		}
		touched = touched[:0]
		for _, s := range pre {
			c := blockOf[s]
			mc := markCount(c)
			pos := first[c] + *mc
			if loc[s] < pos {
				continue // already marked
			}
			if *mc == 0 {
				touched = append(touched, c)
			}
			// swap s to position pos
			o := elems[pos]
			elems[pos], elems[loc[s]] = s, o
			loc[o], loc[s] = loc[s], pos
			*mc++
		}
		for _, c := range touched {
			mc := markCount(c)
			cnt := *mc
			*mc = 0
			if cnt == end[c]-first[c] {
				continue
			}
			// split: the marked front part becomes a new block d
			d := int32(len(first))
			first = append(first, first[c])
			end = append(end, first[c]+cnt)
			first[c] += cnt
			for j := first[d]; j < end[d]; j++ {
				blockOf[elems[j]] = d
			}
			small := d
			if end[d]-first[d] > end[c]-first[c] {
				small = c
			}
			for sy := 0; sy < m; sy++ {
				if int(c)*m+sy < len(inWork) && inWork[int(c)*m+sy] {
					push(d, sy)
				} else {
					push(small, sy)
				}
			}
		}
	}
	// Quotient, numbered breadth first from the start's block.
	deadBlock := blockOf[dead]
	startBlock := blockOf[0]
	if startBlock == deadBlock {
		return Empty(a.ns, k), nil
	}
	id := make([]int32, len(first))
	for j := range id {
		id[j] = -1
	}
	id[startBlock] = 0
	order := []int32{startBlock}
	out := newAutomaton(a.ns, k, 0)
	out.addState(a.accept[elems[first[startBlock]]])
	for q := 0; q < len(order); q++ {
		rep := elems[first[order[q]]]
		for sym := 0; sym < m; sym++ {
			tb := blockOf[tr(rep, sym)]
			if tb == deadBlock {
				continue
			}
			if id[tb] < 0 {
				id[tb] = int32(len(order))
				order = append(order, tb)
				r := elems[first[tb]]
				out.addState(r != dead && a.accept[r])
			}
			out.next[q<<k|sym] = id[tb]
		}
	}
	return out, nil
}
