package table_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"fibnim/grundy"
	"fibnim/table"
	"fibnim/tablebuild"
)

// exampleTable writes the complete table of Fibonacci nim to N = 1000
// under a temporary results folder, as "compute grundy -n 1000 -engine
// breakpoint -out ROOT" would, and returns the folder.
func exampleTable() (root string) {
	root, err := os.MkdirTemp("", "fibnim-example-")
	if err != nil {
		log.Fatal(err)
	}
	_, err = tablebuild.Run(context.Background(), tablebuild.Config{
		Root: root, N: 1000, Mult: grundy.Fibonacci, Engine: tablebuild.EngineBreakpoint,
		Workers: 2, Breakpoints: true, DenseMax: 100,
	})
	if err != nil {
		log.Fatal(err)
	}
	return root
}

// Open a computed table, as "compute grundy" wrote it under results/, and
// ask it for Grundy values.
func ExampleOpen() {
	root := exampleTable()
	defer os.RemoveAll(root)

	t, err := table.Open(table.Dir(root, grundy.Fibonacci)) // root/grundy/mult=2
	if err != nil {
		log.Fatal(err) // a missing, stray or foreign file is refused here
	}
	defer t.Close()
	maxG, _ := t.MaxValue()
	fmt.Printf("a = %s, N = %d, largest G(n) = %d\n", t.Mult(), t.N(), maxG)

	g, _ := t.Value(10, 9) // the starting pile of 10 tokens
	fmt.Println("G(10, 9) =", g)
	g, _ = t.Value(987, 986) // 987 is a Fibonacci number: a second-player win
	fmt.Println("G(987, 986) =", g)
	// Output:
	// a = 2, N = 1000, largest G(n) = 22
	// G(10, 9) = 5
	// G(987, 986) = 0
}

// A row n of the table is a step function of r: its breakpoints are the
// least r at which G(n, r) reaches 1, 2, ..., G(n).
func ExampleTable_Row() {
	root := exampleTable()
	defer os.RemoveAll(root)
	t, err := table.Open(table.Dir(root, grundy.Fibonacci))
	if err != nil {
		log.Fatal(err)
	}
	defer t.Close()

	bs, _ := t.Row(10)
	fmt.Println("R_g(10), g = 1..G(10):", bs)
	// G(10, r) is the number of breakpoints <= r; equal breakpoints are
	// a jump by more than one.
	for _, r := range []int{1, 2, 7, 8} {
		g, _ := t.Value(10, r)
		fmt.Printf("G(10, %d) = %d\n", r, g)
	}
	// Output:
	// R_g(10), g = 1..G(10): [2 2 8 8 8]
	// G(10, 1) = 0
	// G(10, 2) = 2
	// G(10, 7) = 2
	// G(10, 8) = 5
}

// The start values answer "who wins a pile of n": the second player
// exactly when G(n, n-1) = 0, which for Fibonacci nim means n is a
// Fibonacci number (Whinihan 1963).
func ExampleTable_StartValues() {
	root := exampleTable()
	defer os.RemoveAll(root)
	t, err := table.Open(table.Dir(root, grundy.Fibonacci))
	if err != nil {
		log.Fatal(err)
	}
	defer t.Close()

	start, full, err := t.StartValues()
	if err != nil {
		log.Fatal(err)
	}
	var losing []int
	for n := 1; n <= 100; n++ {
		if start[n] == 0 {
			losing = append(losing, n)
		}
	}
	fmt.Println("second-player wins, n <= 100:", losing)
	fmt.Println("G(100) =", full[100])
	// Output:
	// second-player wins, n <= 100: [1 2 3 5 8 13 21 34 55 89]
	// G(100) = 12
}

// Runs walks one breakpoint file in row order: each row stands for Run
// consecutive rows n of the table, on which R_g(n) rises by one.
func ExampleTable_Runs() {
	root := exampleTable()
	defer os.RemoveAll(root)
	t, err := table.Open(table.Dir(root, grundy.Fibonacci))
	if err != nil {
		log.Fatal(err)
	}
	defer t.Close()

	rows, covered := 0, 0
	for b, err := range t.Runs(1) {
		if err != nil {
			log.Fatal(err) // a row out of order or out of range
		}
		if rows < 3 {
			fmt.Printf("R_1(%d+i) = %d+i for 0 <= i < %d\n", b.N, b.RMin, b.Run)
		}
		rows++
		covered += int(b.Run)
	}
	fmt.Printf("%d rows cover the %d n with G(n) >= 1\n", rows, covered)
	// Output:
	// R_1(1+i) = 1+i for 0 <= i < 3
	// R_1(4+i) = 1+i for 0 <= i < 1
	// R_1(5+i) = 5+i for 0 <= i < 1
	// 618 rows cover the 1000 n with G(n) >= 1
}
