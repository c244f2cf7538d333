package automatic

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func allNumerations() []*Numeration {
	var out []*Numeration
	for _, s := range systems() {
		out = append(out, s.ns)
	}
	return out
}

// WriteWalnut then ReadWalnut gives the same minimal automaton, in every
// system: the order, the adder, random relations of 1 to 3 tracks, the
// empty relation and the universe.
func TestWalnutRoundTrip(t *testing.T) {
	const seed = 11
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		adder, _ := builtAdder(t, s)
		as := []*Automaton{Less(s.ns), adder, Empty(s.ns, 2), s.ns.Valid(2), s.ns.Recogniser()}
		for k := 1; k <= 3; k++ {
			as = append(as, randomRelation(t, rng, s, k, 5))
		}
		for i, a := range as {
			var b bytes.Buffer
			if err := WriteWalnut(&b, a); err != nil {
				t.Fatal(err)
			}
			head, _, _ := strings.Cut(b.String(), "\n")
			if want := strings.TrimSpace(strings.Repeat("msd_"+s.name+" ", a.Tracks())); head != want {
				t.Errorf("%s automaton %d: first line %q, want %q", s.name, i, head, want)
			}
			back, err := ReadWalnut(&b, allNumerations()...)
			if err != nil {
				t.Fatalf("%s automaton %d: %v", s.name, i, err)
			}
			if d := automatonDiff(back, Minimize(a)); d != "" || back.Numeration() != s.ns {
				t.Errorf("%s automaton %d: read back differs: %s", s.name, i, d)
			}
		}
	}
}

// ReadWalnut refuses another system, bad lines (naming the line) and
// damaged files.
func TestReadWalnutRefuses(t *testing.T) {
	fib := Zeckendorf()
	var good bytes.Buffer
	if err := WriteWalnut(&good, Less(fib)); err != nil {
		t.Fatal(err)
	}
	g := good.String()
	if _, err := ReadWalnut(strings.NewReader(g), Binary(), systems()[3].ns); err == nil || !strings.Contains(err.Error(), `line 1: number system "msd_fib", want msd_bin or msd_a003411`) {
		t.Errorf("another system: %v", err)
	}
	for _, c := range []struct {
		name, text, want string
	}{
		{"empty", "", "empty file"},
		{"blank", "\n  \n", "empty file"},
		{"mixed systems", "msd_fib msd_bin\n\n0 1\n", `line 1: number system "msd_bin" beside msd_fib`},
		{"custom base header", "{0, 1}\n\n0 1\n0 -> 0\n", `line 1: number system "{0,"`},
		{"no states", "msd_fib\n", "no states"},
		{"state out of order", "msd_fib\n\n1 1\n", `line 3: bad state "1 1"`},
		{"output 2", "msd_fib\n\n0 2\n", `line 3: bad state "0 2"`},
		{"transition first", "msd_fib\n0 -> 0\n", `line 2: bad transition "0 -> 0"`},
		{"too few digits", "msd_fib msd_fib\n\n0 1\n0 -> 0\n", `line 4: bad transition "0 -> 0"`},
		{"digit 2", "msd_fib\n\n0 1\n2 -> 0\n", `line 4: digit "2"`},
		{"bad target", "msd_fib\n\n0 1\n0 -> x\n", `line 4: bad target "x"`},
		{"negative target", "msd_fib\n\n0 1\n0 -> -1\n", `line 4: bad target "-1"`},
		{"twice", "msd_fib\n\n0 1\n0 -> 0\n0 -> 0\n", "line 5: a second transition on one symbol"},
		{"missing state", "msd_fib\n\n0 1\n0 -> 0\n1 -> 1\n", "transition to state 1 of 1"},
		{"not closed", "msd_fib\n\n0 0\n1 -> 1\n\n1 1\n", "not closed under leading zeros"},
		{"wildcard", "msd_fib\n\n0 1\n* -> 0\n", `line 4: digit "*"`},
		{"13 tracks", strings.Repeat("msd_fib ", 13) + "\n\n0 1\n", "line 1: 13 tracks"},
	} {
		_, err := ReadWalnut(strings.NewReader(c.text), fib)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// Damaged files: the good file cut at every line end but the last
	// state's; each is an error or a relation that differs (named by Equivalent).
	lines := strings.SplitAfter(g, "\n")
	for i := 1; i < len(lines)-2; i++ {
		cut := strings.Join(lines[:i], "")
		a, err := ReadWalnut(strings.NewReader(cut), fib)
		if err != nil {
			continue
		}
		if ok, _ := Equivalent(a, Less(fib)); ok {
			t.Errorf("the file cut after line %d reads as the whole", i)
		}
	}
	// Words that are not valid are dropped: 0*(1|11) reads as 0*1.
	a, err := ReadWalnut(strings.NewReader("msd_fib\n\n0 0\n0 -> 0\n1 -> 1\n\n1 1\n1 -> 2\n\n2 1\n"), fib)
	if err != nil {
		t.Fatal(err)
	}
	if ok, cx := Equivalent(a, Const(fib, bigs(1)[0])); !ok {
		t.Errorf("0*(1|11) over msd_fib reads as more than {1}: %v", cx)
	}
}

// WriteBase writes Walnut's Custom Bases format: for Zeckendorf's system,
// the same text and relation as Walnut's own msd_fib.txt (../shared/walnut,
// skipped where it is absent); in every system the recogniser and the
// adder read back.
func TestWriteBase(t *testing.T) {
	for _, s := range systems() {
		adder, _ := builtAdder(t, s)
		for _, a := range []*Automaton{s.ns.Recogniser(), adder} {
			var b bytes.Buffer
			if err := WriteBase(&b, a); err != nil {
				t.Fatal(err)
			}
			text := b.String()
			head, rest, _ := strings.Cut(text, "\n")
			if want := strings.TrimSpace(strings.Repeat("{0, 1} ", a.Tracks())); head != want {
				t.Errorf("%s: WriteBase's first line %q, want %q", s.name, head, want)
			}
			var w bytes.Buffer
			if err := WriteWalnut(&w, a); err != nil {
				t.Fatal(err)
			}
			if _, wrest, _ := strings.Cut(w.String(), "\n"); wrest != rest {
				t.Errorf("%s: WriteBase and WriteWalnut differ below the first line", s.name)
			}
		}
	}
	p := filepath.Join(filepath.Dir(walnutPath()), "b3ed70b", "Custom Bases", "msd_fib.txt")
	want, err := os.ReadFile(p)
	if err != nil {
		t.Skipf("no %s (../shared/walnut is absent in a fresh clone)", p)
	}
	var b bytes.Buffer
	if err := WriteBase(&b, Zeckendorf().Recogniser()); err != nil {
		t.Fatal(err)
	}
	trim := func(s string) string {
		var out []string
		for l := range strings.SplitSeq(strings.TrimSpace(s), "\n") {
			out = append(out, strings.TrimRight(l, " \t\r"))
		}
		return strings.Join(out, "\n")
	}
	if trim(b.String()) != trim(string(want)) {
		t.Errorf("WriteBase of Zeckendorf's recogniser:\n%s\nWalnut's msd_fib.txt:\n%s", b.String(), want)
	}
	// and the same relation, read as a Walnut automaton
	asAuto := strings.Replace(string(want), "{0, 1}", "msd_fib", 1)
	a, err := ReadWalnut(strings.NewReader(asAuto), Zeckendorf())
	if err != nil {
		t.Fatal(err)
	}
	if ok, cx := Equivalent(a, Zeckendorf().Recogniser()); !ok {
		t.Errorf("Walnut's msd_fib.txt and the recogniser differ at %v", cx)
	}
}

// ReadWalnut on damaged input: an error, never a panic or a hang; what it
// accepts keeps the invariants (written again, it reads back equal).
// Seeds: files WriteWalnut wrote in each system, and small damaged ones;
// testdata/fuzz/FuzzReadWalnut holds more.
func FuzzReadWalnut(f *testing.F) {
	for _, s := range systems() {
		for _, a := range []*Automaton{Less(s.ns), s.ns.Recogniser(), Const(s.ns, bigs(12)[0])} {
			var b bytes.Buffer
			if err := WriteWalnut(&b, a); err != nil {
				f.Fatal(err)
			}
			f.Add(b.String())
		}
	}
	f.Add("msd_fib msd_fib\n\n0 1\n0 0 -> 0\n")
	f.Add("msd_fib\n\n0 1\n1 -> 1\n\n1 0\n0 -> 0\n")
	f.Add("msd_a003411\n\n0 1\n0 -> 0\n1 -> 1\n\n1 1\n0 -> 2\n\n2 1\n0 -> 3\n")
	systems := allNumerations()
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<12 {
			return // a state costs 2^k transitions: 4 KiB of 12-track states is 100 MiB
		}
		a, err := ReadWalnut(strings.NewReader(s), systems...)
		if err != nil {
			return
		}
		if err := Sound(a, a.Tracks()); err != nil {
			t.Fatalf("ReadWalnut returned an unsound automaton: %v", err)
		}
		var out bytes.Buffer
		if err := WriteWalnut(&out, a); err != nil {
			t.Fatal(err)
		}
		back, err := ReadWalnut(&out, systems...)
		if err != nil || !back.Equal(a) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
