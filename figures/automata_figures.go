package figures

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"os/exec"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/digits"
)

// automataFolder loads the automata folder of a = 2 that proves the most
// values (grundyproof.LoadBest: the results folder's own, heavy/'s or multipliers/'s).
func (s *Source) automataFolder() (*grundyproof.Folder, error) {
	f, _, err := grundyproof.LoadBest(context.Background(), s.dir, grundy.Fibonacci, grundyproof.BestOptions{})
	var none *grundyproof.NoFolderError
	if errors.As(err, &none) {
		return nil, MissingError{filepath.Join(grundyproof.Dir(s.dir, grundy.Fibonacci), grundyproof.ProofFile) + " not found (compute automata)"}
	}
	return f, err
}

// automataClasses draws the learner's classes per prefix length for each
// threshold T_g of a = 2 (the folder that proves the most values).
func automataClasses(s *Source) (*Figure, error) {
	f, err := s.automataFolder()
	if err != nil {
		return nil, err
	}
	if len(f.Record.Learner) == 0 {
		return nil, MissingError{filepath.Join(f.Dir, grundyproof.ProofFile) + " holds no learner records"}
	}
	p := newPlot(fmt.Sprintf("Fibonacci nim: classes of digit prefixes of each threshold, table to $N$ = %s", digits.Group(int64(f.Record.TableN))),
		"prefix length $l$ (Zeckendorf digits)", "classes of prefixes of length $l$")
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = false, false
	colors := classesPalette
	for i, l := range f.Record.Learner {
		if len(l.Attempts) == 0 {
			continue
		}
		a := l.Attempts[len(l.Attempts)-1]
		pts := make(plotter.XYs, len(a.ClassesPerLength))
		for j, c := range a.ClassesPerLength {
			pts[j].X, pts[j].Y = float64(j), float64(c)
		}
		c := colors[i%len(colors)]
		var dashes []vg.Length
		state := fmt.Sprintf("%s states", digits.Group(int64(l.States)))
		if !l.Converged {
			dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			state = "not converged"
		}
		ln := line(pts, c, vg.Points(1.2), dashes...)
		p.Add(ln)
		p.Legend.Add(fmt.Sprintf("$T$%s: %s", subscript(l.G), state), ln)
	}
	return single(p, fmt.Sprintf("The learner of the automata of Fibonacci nim: for each value $g$, the threshold $T$ of the pairs ($n$, the least $r ≤ n + 1$ with $G(n, r) ≥ g$), the number of classes of digit prefixes of each length $l$, told apart by suffixes (its last attempt, table to $N$ = %s); a curve that levels off is a learner that converged, a dashed one did not. The learner is not trusted: the proofs are.", digits.Group(int64(f.Record.TableN)))), nil
}

// automatonS2 draws the minimal automaton of S_2 of Fibonacci nim, the
// positions of Grundy value 2, with Graphviz (dot) from its DOT form.
func automatonS2(s *Source) (*Figure, error) {
	f, err := s.automataFolder()
	if err != nil {
		return nil, err
	}
	if f.Proved < 2 {
		return nil, MissingError{fmt.Sprintf("%s proves S_0..S_%d, not S_2", f.Dir, f.Proved)}
	}
	dotPath, err := exec.LookPath("dot")
	if err != nil {
		return nil, MissingError{"Graphviz's dot is not installed (apt-get install graphviz), which draws the automaton"}
	}
	d, err := DOT(f.S[2], "S2")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(dotPath, "-Tpng", "-Gdpi=220", "-Grankdir=LR", "-Nfontname=Liberation Serif", "-Efontname=Liberation Serif")
	cmd.Stdin = bytes.NewReader(d)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("dot: %v: %s", err, stderr.String())
	}
	img, err := png.Decode(&out)
	if err != nil {
		return nil, err
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	// The figure is the usual size; the drawing keeps its proportions,
	// centred in it.
	return &Figure{Width: fullWidth, Height: height, Caption: fmt.Sprintf(
		"The positions of Grundy value 2 of Fibonacci nim, for all $n$: the minimal automaton of $S$₂ (%d states), reading the Zeckendorf digits of $n$ and $r$ together, most significant first; an edge's label lists its symbols, each the digit of $n$ then the digit of $r$; a double circle accepts, the bold circle is the start (drawn by Graphviz from the automaton's DOT file).",
		f.S[2].States()),
		draw: func(c draw.Canvas) {
			cw, ch := float64(c.Max.X-c.Min.X), float64(c.Max.Y-c.Min.Y)
			scale := min(cw/float64(w), ch/float64(h))
			dw, dh := vg.Length(float64(w)*scale), vg.Length(float64(h)*scale)
			x0 := c.Min.X + (vg.Length(cw)-dw)/2
			y0 := c.Min.Y + (vg.Length(ch)-dh)/2
			c.DrawImage(vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x0 + dw, Y: y0 + dh}}, img)
		}}, nil
}

// subscript writes g with Unicode's subscript digits: T₁₀.
func subscript(g int) string {
	out := ""
	for _, r := range fmt.Sprint(g) {
		out += string(rune('₀' + (r - '0')))
	}
	return out
}
