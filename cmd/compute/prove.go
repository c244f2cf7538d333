package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"fibnim/automatic"
	"fibnim/grundy"
	"fibnim/grundyproof"
)

// runProve decides a user's statement about the game for all n, over the
// proved classes of a results folder (docs/prove.md): exit 0 when it is
// proved, 1 when it is refuted (with its least counterexample), 2 when the
// statement does not read or needs classes that are not proved.
func runProve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("prove", stderr)
	in := fs.String("in", "results", "results folder whose proved classes IN/automata/mult=A the statement speaks of (compute automata writes them)")
	mult := fs.String("mult", "2", "multiplier a: G is its game's, and z1..z3 and fib are the parts and weights of its numeration; IN/automata/mult=A must exist")
	budget := fs.Int("budget", 0, "the most states any automaton of the decision may have (0: no limit)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute prove [-in DIR] [-mult A] [-budget S] 'STATEMENT'")
		fmt.Fprintln(stderr, "Decides STATEMENT for all natural numbers with the proved automata of DIR/automata/mult=A:")
		fmt.Fprintln(stderr, "exit 0 proved; 1 refuted (with its least counterexample), or an error (the budget, Ctrl-C, a folder")
		fmt.Fprintln(stderr, "that does not read); 2 a statement that does not read, or that needs a class that is not proved.")
		fmt.Fprintln(stderr, "  compute prove 'forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))'")
		fmt.Fprintln(stderr, "  compute prove 'forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5'")
		fmt.Fprintln(stderr, "Terms: variables over N, numbers, +, - (defined where >= 0), 2k, z1(x) z2(x) z3(x) (the least parts")
		fmt.Fprintln(stderr, "of x, infinite when missing). Formulas: = != < <= > >=, G(x, y) compared with a number (y > x reads")
		fmt.Fprintln(stderr, "G(x, x)), fib(x), not (~), and (&), or (|), =>, <=>, forall x, y: ..., exists x: ...")
		fmt.Fprintln(stderr, "Free variables are read for all values. The language and examples: docs/prove.md.")
		fs.PrintDefaults()
	}
	// The statement may come before or after the flags.
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	if len(rest) > 1 {
		if err := parseFlags(fs, rest[1:]); err != nil {
			return err
		}
		rest = append(rest[:1], fs.Args()...)
	}
	switch {
	case len(rest) == 0:
		return usagef("prove: give a statement, in single quotes: compute prove 'forall n: G(n, n) >= 1'")
	case len(rest) > 1:
		return usagef("prove: one statement, in single quotes, not %d arguments (%q is the second)", len(rest), rest[1])
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return usagef("-mult: %v", err)
	}
	if *budget < 0 {
		return usagef("-budget %d: want 0 (no limit) or more", *budget)
	}
	st, err := grundyproof.Parse(rest[0])
	if err != nil {
		return statementError(stderr, err)
	}
	if err := inputFolder("in", *in); err != nil {
		return err
	}

	// Progress: a line at 2 s, then every 5 s.
	var (
		mu    sync.Mutex
		phase = "loading the proved classes"
		wg    sync.WaitGroup
	)
	setPhase := func(s string) {
		mu.Lock()
		phase = s
		mu.Unlock()
	}
	t0 := time.Now()
	done := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		wait := 2 * time.Second // then every 5 s
		for {
			select {
			case <-done:
				return
			case <-time.After(wait):
				mu.Lock()
				fmt.Fprintf(stderr, "prove: %4.0f s  %s\n", time.Since(t0).Seconds(), phase)
				mu.Unlock()
				wait = 5 * time.Second
			}
		}
	}()
	stop := func() {
		close(done)
		wg.Wait()
	}

	said := false
	f, err := grundyproof.LoadRoot(ctx, *in, a, grundyproof.LoadOptions{Budget: *budget, Step: func(r automatic.Result) {
		if !said {
			said = true
			fmt.Fprintf(stderr, "prove: %s has no proof.json that matches its classes: proving them again (compute automata writes one)\n", grundyproof.Dir(*in, a))
		}
		setPhase("proving the classes again: " + grundyproof.StepLine(r))
	}})
	if err != nil {
		stop()
		return proveError(ctx, err, *budget)
	}
	for _, fl := range f.Failures {
		fmt.Fprintf(stderr, "prove: %s: %s; the statement speaks of S_0..S_%d only\n", f.Dir, fl, f.Proved)
	}
	v, err := f.Decide(ctx, st, grundyproof.DecideOptions{Budget: *budget, Phase: setPhase})
	var rc grundyproof.Recheck
	if err == nil && v.Example != nil {
		setPhase("evaluating the example without the automata")
		rc = v.Recheck(ctx, f.System)
	}
	stop()
	if err != nil {
		var ve *grundyproof.ValueError
		if errors.As(err, &ve) {
			return statementError(stderr, fmt.Errorf("%w; prove more with %s", err, moreClasses(ve, a, *in)))
		}
		return proveError(ctx, err, *budget)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted")
	}
	printVerdict(stdout, v, f, rc)
	if !rc.Agrees(v) {
		return fmt.Errorf("prove: the automata's example %s does not do what they say when the statement is evaluated directly there: please report this with the statement", v.ExampleString())
	}
	if !v.Holds {
		if v.Universal && v.Example != nil {
			return fmt.Errorf("refuted: the least counterexample is %s", v.ExampleString())
		}
		return fmt.Errorf("refuted")
	}
	return nil
}

// statementError prints the statement with a caret under the column of a
// *SyntaxError or *ValueError and returns err as a usage error (exit 2).
func statementError(stderr io.Writer, err error) error {
	var c interface{ Caret() string }
	if errors.As(err, &c) {
		for _, line := range strings.Split(c.Caret(), "\n") {
			fmt.Fprintf(stderr, "  %s\n", line)
		}
	}
	return usageError{Msg: err.Error()}
}

// moreClasses is the command that proves the classes a statement needs.
func moreClasses(ve *grundyproof.ValueError, a grundy.Multiplier, root string) string {
	if ve.Need > maxAutomataG {
		return fmt.Sprintf("compute automata (which proves values up to %d: -max-g %d -mult %s -out %s)", maxAutomataG, maxAutomataG, a, root)
	}
	return fmt.Sprintf("compute automata -mult %s -max-g %d -out %s", a, ve.Need, root)
}

// maxAutomataG is the largest -max-g of compute automata.
const maxAutomataG = 40

func proveError(ctx context.Context, err error, budget int) error {
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("interrupted")
	case automatic.IsBudget(err):
		return fmt.Errorf("prove: %v; give a larger -budget than %d, or -budget 0 for no limit", err, budget)
	}
	return err
}

// printVerdict writes what was decided and the verdict.
func printVerdict(w io.Writer, v *grundyproof.Verdict, f *grundyproof.Folder, rc grundyproof.Recheck) {
	if len(v.Free) > 0 {
		fmt.Fprintf(w, "free variables read for all values: for all %s: %s\n", strings.Join(v.Free, ", "), v.Statement.Source)
	}
	fmt.Fprintf(w, "statement: %s\n", automatic.Print(v.Formula, grundyproof.StatementDisplay))
	if legend := v.Legend(f.System); len(legend) > 0 {
		fmt.Fprintf(w, "  where %s\n", strings.Join(legend, "; "))
	}
	fmt.Fprintf(w, "  over the classes S_0..S_%d of %s, proved for all n (a = %s, numeration %s)\n", v.K, f.Dir, f.System.A, f.System.NS)
	all := "all " + strings.Join(v.Vars, ", ")
	switch {
	case v.Holds && len(v.Vars) == 0:
		fmt.Fprintf(w, "proved: it is true (decided by automata; largest automaton %s)\n", v.Largest)
	case v.Holds && v.Universal:
		fmt.Fprintf(w, "proved: it holds for %s (decided by automata; largest automaton %s)\n", all, v.Largest)
	case v.Holds && v.Example != nil:
		fmt.Fprintf(w, "proved: the least witness is %s (decided by automata; largest automaton %s)\n", v.ExampleString(), v.Largest)
	case v.Example != nil:
		order := ""
		if len(v.Vars) > 1 {
			order = fmt.Sprintf(" (the least %s, then %s)", v.Vars[0], strings.Join(v.Vars[1:], ", then "))
		}
		fmt.Fprintf(w, "refuted: the least counterexample%s is %s (decided by automata; largest automaton %s)\n", order, v.ExampleString(), v.Largest)
	case len(v.Vars) > 0 && !v.Universal:
		fmt.Fprintf(w, "refuted: there is no such %s (decided by automata; largest automaton %s)\n", strings.Join(v.Vars, ", "), v.Largest)
	default:
		fmt.Fprintf(w, "refuted: it is false (decided by automata; largest automaton %s)\n", v.Largest)
	}
	for _, e := range rc.Values {
		line := fmt.Sprintf("  %s = %s", e.Text, e.At)
		if e.Value != "" {
			line += " = " + e.Value
		}
		if e.Note != "" {
			line += " (" + e.Note + ")"
		}
		fmt.Fprintln(w, line)
	}
	if v.Example != nil {
		want := "false"
		if !v.Universal {
			want = "true"
		}
		switch {
		case rc.Checked && rc.Agrees(v):
			fmt.Fprintf(w, "  evaluated directly at %s, without the automata, the statement is %s there\n", v.ExampleString(), want)
		case rc.Checked:
			fmt.Fprintf(w, "  evaluated directly at %s, without the automata, the statement is NOT %s there\n", v.ExampleString(), want)
		default:
			fmt.Fprintf(w, "  not evaluated directly at %s: %s\n", v.ExampleString(), rc.Why)
		}
	}
}
