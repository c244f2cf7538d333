package grundyproof_test

import (
	"context"
	"fmt"
	"log"

	"fibnim/automatic"
	"fibnim/grundyproof"
)

// A statement is parsed once and decided over proved classes: here S_0..S_4
// of Fibonacci nim, learned and proved in memory by Run. A results folder
// of compute automata gives the same classes in milliseconds:
// grundyproof.LoadRoot(ctx, "results", grundy.Fibonacci,
// grundyproof.LoadOptions{}), then folder.Decide(ctx, st, opts).
func ExampleDecide() {
	ctx := context.Background()
	res, err := grundyproof.Run(ctx, grundyproof.Config{K: 4})
	if err != nil {
		log.Fatal(err)
	}
	classes := res.S[:res.ProvedUpTo()+1] // S_0..S_4, proved for all n
	for _, s := range []string{
		"forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))", // Whinihan's theorem
		"forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5",
		"exists n: G(n) = 4",
	} {
		st, err := grundyproof.Parse(s)
		if err != nil {
			log.Fatal(err) // a *grundyproof.SyntaxError names the column
		}
		v, err := grundyproof.Decide(ctx, res.System, classes, st, grundyproof.DecideOptions{})
		if err != nil {
			log.Fatal(err) // a *grundyproof.ValueError: a value above K
		}
		fmt.Println(automatic.Print(v.Formula, grundyproof.StatementDisplay))
		switch {
		case v.Holds && v.Example != nil:
			fmt.Println("  proved; the least witness is", v.ExampleString())
		case v.Holds:
			fmt.Println("  proved for all n")
		default:
			fmt.Println("  refuted; the least counterexample is", v.ExampleString())
		}
	}
	// Output:
	// forall n: 1 <= n => (S_0(n, n - 1) <=> fib(n))
	//   proved for all n
	// forall n, r: r <= n & (S_4(n, r) | n < r & S_4(n, n)) => (exists z: z_1(n, z) & z <= 5)
	//   refuted; the least counterexample is (n, r) = (29, 8)
	// exists n: S_4(n, n)
	//   proved; the least witness is n = 5
}
