package moves_test

import (
	"context"
	"fmt"
	"math/big"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/moves"
)

// A sum of two heaps of 10^100 tokens, answered from the proved automata
// S_0..S_5 of Fibonacci nim in the repository's results/automata/mult=2
// (moves.OpenHeaps does the same from a results folder, beside its
// tables).
func ExampleFromAutomata() {
	ctx := context.Background()
	f, err := grundyproof.LoadRoot(ctx, "../results", grundy.Fibonacci, grundyproof.LoadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := moves.FromAutomata(f)
	ten100 := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	hs := []moves.Heap{moves.NewHeap(ten100, big.NewInt(5)), moves.NewHeap(ten100, big.NewInt(2)), moves.StartHeap(ten100)}
	vals, err := s.HeapValues(ctx, hs)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, v := range vals {
		if v.AtLeast {
			fmt.Printf("heap %d: G >= %d\n", i+1, v.G)
		} else {
			fmt.Printf("heap %d: G = %d\n", i+1, v.G)
		}
	}
	sum, err := s.HeapSum(ctx, hs[:2])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("heaps 1 and 2: nim-sum %d; in heap %d remove %s, to value %d\n", sum.NimSum, sum.Move.Heap+1, sum.Move.Take, sum.Move.Value)
	ms, err := s.HeapMovesTo(ctx, hs[2], 0, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("heap 3: %s winning moves, the least removing %s, %s, %s\n", ms.Count, ms.Moves[0].Take, ms.Moves[1].Take, ms.Moves[2].Take)
	// Output:
	// heap 1: G = 3
	// heap 2: G = 0
	// heap 3: G >= 6
	// heaps 1 and 2: nim-sum 3; in heap 1 remove 3, to value 0
	// heap 3: 101 winning moves, the least removing 3, 58, 291
}
