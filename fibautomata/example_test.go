package fibautomata_test

import (
	"fmt"
	"math/big"

	"fibnim/fibautomata"
)

// Decide a first-order statement: every number is even or odd.
func ExampleEnv_Holds() {
	e := fibautomata.NewEnv()
	x, y := fibautomata.V("x"), fibautomata.V("y")
	ok, _, _ := e.Holds(fibautomata.Exists("y", fibautomata.Or(
		fibautomata.Eq(x, fibautomata.Times(2, y)),
		fibautomata.Eq(x, fibautomata.Plus(fibautomata.Times(2, y), fibautomata.N(1))))))
	fmt.Println("every x is 2y or 2y+1:", ok)
	ok, cx, _ := e.Holds(fibautomata.Exists("y", fibautomata.Eq(x, fibautomata.Times(2, y))))
	fmt.Println("every x is even:", ok, "least counterexample x =", cx["x"])
	// Output:
	// every x is 2y or 2y+1: true
	// every x is even: false least counterexample x = 1
}

// Ask the proved automaton of S_0 (Theorem 4.1: G(n, r) = 0 iff r < z_1(n))
// about a position with n = 10^100.
func ExamplePaperTheorems() {
	e := fibautomata.NewEnv()
	if err := fibautomata.DefineParts(e); err != nil {
		panic(err)
	}
	r, _ := e.Eval(fibautomata.PaperTheorems()[0].Formula) // variables n, r
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	d := fibautomata.Digits(n)
	// r = 1 < z_1(n) iff the last Zeckendorf digit of n is 0.
	fmt.Println(r.Vars, r.A.Accepts(n, big.NewInt(1)), d[len(d)-1] == 0)
	// Output:
	// [n r] true true
}
