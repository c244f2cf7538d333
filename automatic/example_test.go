package automatic_test

import (
	"context"
	"fmt"

	"fibnim/automatic"
)

// Define a relation by a regular expression and by a formula, then decide
// statements about every natural number: is every n a sum of at most two,
// or three, Fibonacci numbers (repetitions allowed)? A statement that
// fails comes with its least counterexample.
func Example() {
	ctx := context.Background()
	ns := automatic.Zeckendorf()
	e := automatic.NewEnv(ns)
	// fib(x): x is a Fibonacci number, a single 1 in Zeckendorf's digits.
	fib, err := automatic.CompileRegex(ns, 1, "0*10*")
	if err != nil {
		panic(err)
	}
	if err := e.Define("fib", fib); err != nil {
		panic(err)
	}
	n, a, b, c := automatic.V("n"), automatic.V("a"), automatic.V("b"), automatic.V("c")
	// part(x): x is 0 or a Fibonacci number.
	part := automatic.Or(automatic.Eq(automatic.V("x"), automatic.N(0)), automatic.Pred("fib", automatic.V("x")))
	if _, err := e.DefineFormula(ctx, "part", []string{"x"}, part); err != nil {
		panic(err)
	}
	two := automatic.Exists("a b", automatic.And(automatic.Pred("part", a), automatic.Pred("part", b),
		automatic.Eq(n, automatic.Plus(a, b))))
	three := automatic.Exists("a b c", automatic.And(automatic.Pred("part", a), automatic.Pred("part", b),
		automatic.Pred("part", c), automatic.Eq(n, automatic.Plus(a, b, c))))
	for _, f := range []automatic.Formula{two, three} {
		ok, cx, err := e.Holds(ctx, f)
		if err != nil {
			panic(err)
		}
		fmt.Println(automatic.Print(automatic.ForAll("n", f), nil))
		if ok {
			fmt.Println("  proved for all n")
		} else {
			fmt.Printf("  refuted: the least counterexample is %s = %s\n", cx[0].Var, cx[0].Value)
		}
	}
	// Output:
	// forall n: exists a, b: part(a) & part(b) & n = a + b
	//   refuted: the least counterexample is n = 12
	// forall n: exists a, b, c: part(a) & part(b) & part(c) & n = a + b + c
	//   refuted: the least counterexample is n = 33
}

// The least counterexample of a statement with two free variables, and a
// relation asked about numbers beyond 64 bits.
func ExampleEnv_Holds() {
	ctx := context.Background()
	e := automatic.NewEnv(automatic.Zeckendorf())
	x, y := automatic.V("x"), automatic.V("y")
	// For all x, y: y <= x implies 2y != x + 5.
	f := automatic.Implies(automatic.Le(y, x), automatic.Not(automatic.Eq(automatic.Times(2, y), automatic.Plus(x, automatic.N(5)))))
	ok, cx, _ := e.Holds(ctx, f)
	fmt.Println(automatic.Print(f, nil), ok, cx[0].Var, cx[0].Value, cx[1].Var, cx[1].Value)
	// Output:
	// y <= x => not 2y = x + 5 false x 5 y 5
}
