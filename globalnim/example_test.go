package globalnim_test

import (
	"context"
	"fmt"

	"fibnim/globalnim"
	"fibnim/grundy"
)

// Fill a small table of global Fibonacci nim and ask it about a position:
// its value at the start and its winning moves.
func Example() {
	t, err := globalnim.Fill(context.Background(), 20, grundy.Fibonacci, 2)
	if err != nil {
		panic(err)
	}
	ans := t.Query(3, 5, -1) // -1: the starting limit, min(3+5-1, 5) = 5
	fmt.Println("G(3, 5, 5) =", ans.G)
	for _, m := range ans.Winning {
		fmt.Println(m)
	}
	fmt.Println("G(3, 5, 1) =", t.Value(3, 5, 1), "R_g(3, 5):", t.Breakpoints(3, 5))
	// Output:
	// G(3, 5, 5) = 5
	// take 2 from pile 2 -> (3, 3, 3)
	// G(3, 5, 1) = 0 R_g(3, 5): [2 2 2 2 3]
}
