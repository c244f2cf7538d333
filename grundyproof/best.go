package grundyproof

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// AutomataDirs are the folders of a results folder that may hold
// multiplier a's automata, in the order LoadBest prefers them on a tie:
// ROOT/automata/mult=A (make, compute automata), ROOT/multipliers/automata/mult=A
// (compute automata -mults ... -out ROOT/multipliers) and
// ROOT/heavy/automata/mult=A (make automata-heavy).
func AutomataDirs(root string, a grundy.Multiplier) []string {
	return []string{Dir(root, a), Dir(filepath.Join(root, "multipliers"), a), Dir(filepath.Join(root, "heavy"), a)}
}

// Candidate is what LoadBest found in one folder of AutomataDirs.
type Candidate struct {
	Dir string
	// Classes is the number of class files g0.txt, g1.txt, ... in a row
	// (0: the folder holds no automata).
	Classes int
	// Folder is the loaded folder (nil: not loaded, or it did not load).
	Folder *Folder
	// Damaged is the first class file that does not read ("DIR/g4.txt"),
	// when Folder holds only the classes below it (proved again:
	// proof.json covers the whole folder), and Damage why it does not.
	Damaged string
	Damage  error
	// Err is why the folder did not load, if it holds automata and did
	// not.
	Err error
}

// NoFolderError is LoadBest's error when no folder of AutomataDirs holds
// a g0.txt. It matches *NoAutomataError (errors.As), that of the first.
type NoFolderError struct {
	Root string
	A    grundy.Multiplier
	Dirs []string
}

func (e *NoFolderError) Error() string {
	rel := make([]string, len(e.Dirs))
	for i, d := range e.Dirs {
		if r, err := filepath.Rel(e.Root, d); err == nil {
			d = r
		}
		rel[i] = d
	}
	return fmt.Sprintf("%s holds no automata of a = %s: no g0.txt in %s or %s", e.Root, e.A, strings.Join(rel[:len(rel)-1], ", "), rel[len(rel)-1])
}

// Unwrap gives the *NoAutomataError of the first folder.
func (e *NoFolderError) Unwrap() error {
	return &NoAutomataError{Dir: e.Dirs[0], Root: e.Root, A: e.A}
}

// BestOptions tune LoadBest.
type BestOptions struct {
	Reprove bool // prove every folder again, even where proof.json matches
	Budget  int  // state budget of a proof (0: none)
	// Progress, if not nil, is told as LoadBest starts on folder dir
	// (step 0), and after each step of a proof where it proves the folder
	// again (step of steps, the steps of ProofScript).
	Progress func(dir string, step, steps int)
}

// LoadBest loads multiplier a's automata from the folder of
// AutomataDirs(root, a) that proves the most values, the first of them
// on a tie, and returns it with what it found in every folder. It loads
// the folders by decreasing number of class files and stops when no
// folder left can prove more (a folder of K+1 class files proves at most
// K). A folder whose class file gJ.txt does not read gives its classes
// S_0..S_{J-1}, proved again, and names gJ.txt (Candidate.Damaged); one
// that fails to load otherwise is skipped with its error, unless no
// folder loads: then the first such error is returned. With no folder
// holding a g0.txt, the error is a *NoFolderError.
func LoadBest(ctx context.Context, root string, a grundy.Multiplier, opt BestOptions) (*Folder, []Candidate, error) {
	dirs := AutomataDirs(root, a)
	cands := make([]Candidate, len(dirs))
	for i, d := range dirs {
		cands[i] = Candidate{Dir: d, Classes: classFiles(d)}
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return cands[order[x]].Classes > cands[order[y]].Classes })
	var best *Folder
	var firstErr error
	for _, i := range order {
		c := &cands[i]
		if c.Classes == 0 || (best != nil && best.Proved >= c.Classes-1) {
			continue
		}
		lo := LoadOptions{Reprove: opt.Reprove, Budget: opt.Budget}
		if opt.Progress != nil {
			opt.Progress(c.Dir, 0, 0)
			m := MethodMex
			if rec, ok := readRecord(c.Dir); ok {
				m = Method(rec.Method).norm()
			}
			step, steps, dir := 0, len(ProofScriptFor(m, a, c.Classes-1)), c.Dir
			lo.Step = func(au.Result) {
				step++
				opt.Progress(dir, step, steps)
			}
		}
		c.Folder, c.Damaged, c.Damage, c.Err = loadPrefix(ctx, c.Dir, a, lo)
		if err := ctx.Err(); err != nil {
			return nil, cands, err
		}
		if c.Err != nil {
			if firstErr == nil {
				firstErr = c.Err
			}
			continue
		}
		if best == nil || c.Folder.Proved > best.Proved || (c.Folder.Proved == best.Proved && indexOf(dirs, c.Folder.Dir) < indexOf(dirs, best.Dir)) {
			best = c.Folder
		}
	}
	switch {
	case best != nil:
		return best, cands, nil
	case firstErr != nil:
		return nil, cands, firstErr
	}
	return nil, cands, &NoFolderError{Root: root, A: a, Dirs: dirs}
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return len(xs)
}

// classFiles counts the class files g0.txt, g1.txt, ... of dir in a row.
func classFiles(dir string) int {
	n := 0
	for {
		if st, err := os.Stat(filepath.Join(dir, ClassFile(n))); err != nil || !st.Mode().IsRegular() {
			return n
		}
		n++
	}
}

// loadPrefix is Load, and where a class file gJ.txt (J >= 1) does not
// read, the classes S_0..S_{J-1} proved again, with gJ.txt named and why
// it does not read.
func loadPrefix(ctx context.Context, dir string, a grundy.Multiplier, opt LoadOptions) (f *Folder, damaged string, damage, err error) {
	f, err = Load(ctx, dir, a, opt)
	if err == nil || ctx.Err() != nil {
		return f, "", nil, err
	}
	sys, serr := SystemOf(a)
	if serr != nil {
		return nil, "", nil, err
	}
	// Which class file does not read? Read them in order, as Load does.
	var S []*au.Automaton
	for g := range classFiles(dir) {
		damaged = filepath.Join(dir, ClassFile(g))
		b, rerr := os.ReadFile(damaged)
		if rerr != nil {
			damage = rerr
			break
		}
		s, rerr := au.ReadWalnut(bytes.NewReader(b), sys.NS)
		if rerr == nil && s.Tracks() != 2 {
			rerr = fmt.Errorf("%d tracks, want 2 (n, r)", s.Tracks())
		}
		if rerr == nil {
			rerr = au.Sound(s, 2)
		}
		if rerr != nil {
			damage = rerr
			break
		}
		S = append(S, s)
	}
	if damage == nil || len(S) == 0 {
		return nil, "", nil, err // not a damaged class file, or g0.txt itself
	}
	if opt.Method == "" {
		if rec, ok := readRecord(dir); ok {
			opt.Method = Method(rec.Method)
		}
	}
	p, perr := Prove(ctx, sys, S, ProveOptions{Budget: opt.Budget, Step: opt.Step, Method: opt.Method})
	if perr != nil {
		return nil, "", nil, perr
	}
	f = &Folder{Dir: dir, System: sys, S: S, Record: record(sys, p, S), Proved: p.ProvedUpTo()}
	f.Failures = f.Record.failures()
	if f.Proved < 0 {
		return nil, damaged, damage, fmt.Errorf("%s: %s", dir, f.Failures[0])
	}
	return f, damaged, damage, nil
}
