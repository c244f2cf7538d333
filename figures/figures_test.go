package figures

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/parquetfile"
	"fibnim/internal/tablewrite"
	"fibnim/ntimes"
	"fibnim/table"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/ from the current drawing")

// Small inputs, computed here from the engines so that the golden images
// depend on the drawing code and on nothing else.
const (
	testStartN = 3000 // start values for n <= testStartN
	testDenseN = 150  // dense.parquet for n <= testDenseN
	goldenDPI  = 40   // golden PNGs are 260 pixels wide
)

// writeInputs writes, under dir, the files that "compute" would write for
// a small run: dense and start values for a = 2, and the n-times nim
// tables for a few multipliers.
func writeInputs(t *testing.T, dir string) {
	t.Helper()
	gdir := filepath.Join(dir, "grundy", "mult=2")
	ndir := filepath.Join(dir, "ntimes")
	for _, d := range []string{gdir, ndir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tab, err := grundy.Dense(testStartN, grundy.Fibonacci, 2)
	if err != nil {
		t.Fatal(err)
	}
	var starts []table.StartValue
	for n := 0; n <= testStartN; n++ {
		starts = append(starts, table.StartValue{N: int64(n), GStart: int32(tab.Start(n)), GFull: int32(tab.Full(n))})
	}
	var cells []table.DenseCell
	for n := 0; n <= testDenseN; n++ {
		for r := 0; r <= n; r++ {
			cells = append(cells, table.DenseCell{N: int32(n), R: int32(r), G: int32(tab.At(n, r))})
		}
	}
	meta := tablewrite.Meta("dense", testStartN, grundy.Fibonacci, testDenseN, "test")
	must(t, parquetfile.WriteFile(filepath.Join(gdir, "start_values.parquet"), meta, starts))
	must(t, parquetfile.WriteFile(filepath.Join(gdir, "dense.parquet"), meta, cells))

	// The automata of a = 2 to S_3, for automaton_s2 and automata_classes.
	res, err := grundyproof.Run(context.Background(), grundyproof.Config{N: 20000, K: 3})
	if err != nil {
		t.Fatal(err)
	}
	var learner []grundyproof.LearnerRecord
	for _, l := range res.Learned {
		learner = append(learner, grundyproof.LearnerRecord{G: l.G, Converged: l.Converged, States: l.States, Attempts: l.Attempts})
	}
	must(t, grundyproof.Write(grundyproof.Dir(dir, grundy.Fibonacci), res.System, res.S, res.Proof, res.N, learner))

	var crows []ntimes.CRow
	var seqs []ntimes.SeqRow
	for _, s := range []string{"3/2", "2", "3", "4", "5", "7", "10", "15", "20", "30", "50", "100"} {
		a, _ := new(big.Rat).SetString(s)
		sq, e := ntimes.Solve(a, 200, 2, 1<<14)
		x, _ := a.Float64()
		alog, _ := ntimes.ALogA(a)
		crows = append(crows, ntimes.CRow{Multiplier: s, ANum: a.Num().Int64(), ADen: a.Denom().Int64(),
			L: int32(e.L), C: int32(e.C), U: int32(e.U), K0: int64(e.K0), Terms: int64(e.Terms), Stable: int64(e.Stable),
			Certain: e.Certain, ALogA: int32(alog), Ratio: float64(e.C) / (x * math.Log(x))})
		for k := 1; k <= min(60, sq.Len()); k++ {
			seqs = append(seqs, ntimes.SeqRow{Multiplier: s, K: int32(k), F: sq.F[k-1].String(), R: int32(sq.R[k-1])})
		}
	}
	must(t, parquetfile.WriteFile(filepath.Join(ndir, "c_table.parquet"), nil, crows))
	must(t, parquetfile.WriteFile(filepath.Join(ndir, "sequences.parquet"), nil, seqs))
	cs, _ := ntimes.CIntervals(6, 1<<8, big.NewRat(4, 1), 200, 2, 1<<14)
	var real []ntimes.RealCRow
	for _, c := range cs {
		r := ntimes.RealCRow{Lo: c.Lo.RatString(), C: int32(c.C), Certain: c.Certain, HiFloat: math.Inf(1)}
		r.LoFloat, _ = c.Lo.Float64()
		if c.Hi != nil {
			r.Hi = c.Hi.RatString()
			r.HiFloat, _ = c.Hi.Float64()
		}
		real = append(real, r)
	}
	must(t, parquetfile.WriteFile(filepath.Join(ndir, "real_c.parquet"), nil, real))
	writeAtlasInputs(t, dir)
	writeGlobalInputs(t, dir)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// inputs is the small run, written once per test binary.
var inputs string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "plot-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	inputs = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var written bool

func testInputs(t *testing.T) string {
	t.Helper()
	if !written {
		written = true
		writeInputs(t, inputs)
	}
	return inputs
}

// drawAll draws every figure from the results under in and saves each in
// every format under a new folder, which it returns.
func drawAll(t *testing.T, in string, dpi int, formats ...string) string {
	t.Helper()
	out := t.TempDir()
	src := NewSource(in, grundy.Fibonacci)
	var figs []*Figure
	for _, name := range testedNames(t) {
		f, err := Draw(src, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, format := range formats {
			must(t, Save(filepath.Join(out, name+"."+format), format, f, dpi))
		}
		figs = append(figs, f)
	}
	must(t, WriteCaptions(out, in, figs, formats, dpi))
	return out
}

// TestGolden draws every figure from the small run and compares each PNG
// with testdata/NAME.png. Anti-aliasing may differ in the last bit across
// CPUs (fused multiply-add), so up to 1% of pixels may differ by a visible
// amount; a changed figure differs in far more. Run with -update to accept
// a change after looking at the new images; a mismatch leaves the new image
// as testdata/NAME.got.png.
func TestGolden(t *testing.T) {
	out := drawAll(t, testInputs(t), goldenDPI, "png")
	for _, name := range testedNames(t) {
		got, err := os.ReadFile(filepath.Join(out, name+".png"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		golden := filepath.Join("testdata", name+".png")
		if *update {
			must(t, os.MkdirAll("testdata", 0o755))
			must(t, os.WriteFile(golden, got, 0o644))
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%s: %v (run go test -update to create it)", name, err)
			continue
		}
		if diff, msg := pixelDiff(got, want); diff > 0.01 {
			os.WriteFile(filepath.Join("testdata", name+".got.png"), got, 0o644)
			t.Errorf("%s: %s differs from %s (%s); new image in testdata/%s.got.png", name, msg, golden, fmt.Sprintf("%.2f%% of pixels", 100*diff), name)
		}
	}
}

// pixelDiff returns the fraction of pixels whose colour differs by more
// than 64 (of 255) in some channel, or 1 if the images differ in size.
func pixelDiff(a, b []byte) (float64, string) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 1, "new image unreadable: " + err.Error()
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 1, "golden image unreadable: " + err.Error()
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, fmt.Sprintf("size %v", ia.Bounds().Size())
	}
	bad := 0
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if far(ia, ib, x, y) {
				bad++
			}
		}
	}
	return float64(bad) / float64(r.Dx()*r.Dy()), "the drawing"
}

func far(a, b image.Image, x, y int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := func(u, v uint32) bool { return max(u, v)-min(u, v) > 64<<8 }
	return d(r1, r2) || d(g1, g2) || d(b1, b2)
}

// TestPixelDiffCatchesChange corrupts a golden image and checks that the
// comparison notices: the tolerance must not hide a changed figure.
func TestPixelDiffCatchesChange(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "start_value_growth.png"))
	if err != nil {
		t.Skip("no golden image yet")
	}
	img, _ := png.Decode(bytes.NewReader(want))
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	// Shift the drawing two pixels right, as a moved curve would be.
	moved := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			moved.Set(x, y, rgba.At(max(x-2, 0), y))
		}
	}
	var buf bytes.Buffer
	must(t, png.Encode(&buf, moved))
	if d, _ := pixelDiff(buf.Bytes(), want); d <= 0.01 {
		t.Fatalf("a drawing moved by 2 pixels differs in only %.3f%% of pixels: the tolerance would hide it", 100*d)
	}
	if d, _ := pixelDiff(want, want); d != 0 {
		t.Fatalf("an image differs from itself: %v", d)
	}
}

// TestReproducible draws every figure twice from separate loads and
// requires identical bytes in both formats: results reproduce bit for bit.
func TestReproducible(t *testing.T) {
	in := testInputs(t)
	formats := []string{"png", "svg", "pdf"}
	if testing.Short() {
		formats = formats[:2] // the PDF writer is the slow one; make test draws it
	}
	outs := [2]string{drawAll(t, in, 30, formats...), drawAll(t, in, 30, formats...)}
	for _, name := range testedNames(t) {
		for _, format := range formats {
			ext := "." + format
			a, err1 := os.ReadFile(filepath.Join(outs[0], name+ext))
			b, err2 := os.ReadFile(filepath.Join(outs[1], name+ext))
			if err1 != nil || err2 != nil {
				t.Fatalf("%s%s: %v %v", name, ext, err1, err2)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("%s%s differs between two runs", name, ext)
			}
		}
	}
	svg, _ := os.ReadFile(filepath.Join(outs[0], "start_value_growth.svg"))
	if !bytes.Contains(svg, []byte("@font-face")) {
		t.Errorf("the SVG does not embed its fonts")
	}
	readme, _ := os.ReadFile(filepath.Join(outs[0], "README.md"))
	for _, name := range testedNames(t) {
		if !bytes.Contains(readme, []byte("- `"+name+"` ("+strings.Join(formats, ", ")+"): ")) {
			t.Errorf("README.md has no caption line for %s", name)
		}
	}
}

// TestSkipsMissing: with only the n-times nim tables, the Grundy figures
// are a MissingError and the others are drawn.
func TestSkipsMissing(t *testing.T) {
	in := t.TempDir()
	full := testInputs(t)
	must(t, os.CopyFS(filepath.Join(in, "ntimes"), os.DirFS(filepath.Join(full, "ntimes"))))
	src := NewSource(in, grundy.Fibonacci)
	for _, name := range testedNames(t) {
		_, err := Draw(src, name)
		var miss MissingError
		want := strings.HasPrefix(name, "ntimes_") || name == "zeckendorf_rows" // needs no data
		if want && err != nil || !want && !errors.As(err, &miss) {
			t.Errorf("%s: error %v, want drawn = %v", name, err, want)
		}
	}
	if _, err := Draw(src, "nosuch"); err == nil {
		t.Errorf("Draw of an unknown figure: no error")
	}
}

// TestCaptionsKept: captions of figures not drawn in this run stay.
func TestCaptionsKept(t *testing.T) {
	out := t.TempDir()
	f := &Figure{Name: "ntimes_c", Caption: "new"}
	must(t, os.WriteFile(filepath.Join(out, "README.md"), []byte("# Figures\n\n- `grundy_table` (png): old\n- `ntimes_c` (png): older\n"), 0o644))
	must(t, WriteCaptions(out, "results", []*Figure{f}, []string{"png"}, 300))
	b, _ := os.ReadFile(filepath.Join(out, "README.md"))
	if !bytes.Contains(b, []byte("- `grundy_table` (png): old\n- `ntimes_c` (png): new\n")) {
		t.Errorf("README.md:\n%s", b)
	}
}

// TestCorruptInput: a damaged Parquet file is a one-line error naming it.
func TestCorruptInput(t *testing.T) {
	full := testInputs(t)
	in := t.TempDir()
	must(t, os.CopyFS(in, os.DirFS(full)))
	path := filepath.Join(in, "grundy", "mult=2", "start_values.parquet")
	b, err := os.ReadFile(path)
	must(t, err)
	for i := len(b) / 3; i < len(b)/3+64; i++ {
		b[i] ^= 0xff
	}
	must(t, os.WriteFile(path, b[:len(b)-20], 0o644))
	_, err = Draw(NewSource(in, grundy.Fibonacci), "start_value_growth")
	var miss MissingError
	if err == nil || errors.As(err, &miss) || !strings.Contains(err.Error(), "start_values.parquet") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("corrupt start_values.parquet: error %v, want one line naming the file", err)
	}
}

// A table folder that table.Open refuses (here a dense.parquet from
// another N) is an error, not a figure of the wrong data.
func TestForeignTableRefused(t *testing.T) {
	full := testInputs(t)
	in := t.TempDir()
	must(t, os.CopyFS(in, os.DirFS(full)))
	path := filepath.Join(in, "grundy", "mult=2", "dense.parquet")
	cells, _, err := table.ReadFile[table.DenseCell](path)
	must(t, err)
	must(t, parquetfile.WriteFile(path, tablewrite.Meta("dense", 99, grundy.Fibonacci, testDenseN, "test"), cells))
	for _, name := range []string{"grundy_table", "start_value_growth"} {
		_, err = Draw(NewSource(in, grundy.Fibonacci), name)
		if !errors.Is(err, table.ErrInvalid) {
			t.Errorf("%s from a foreign dense.parquet: %v", name, err)
		}
	}
}

// testedNames is Names without automaton_s2 where Graphviz's dot is not
// installed (a fresh machine; make test installs it, scripts/tex.sh, and
// FIBNIM_NEED_TEX=1 makes its absence a failure).
func testedNames(t testing.TB) []string {
	if _, err := exec.LookPath("dot"); err == nil {
		return Names()
	}
	if os.Getenv("FIBNIM_NEED_TEX") == "1" {
		t.Fatal("FIBNIM_NEED_TEX=1 but Graphviz's dot is missing (scripts/tex.sh installs it)")
	}
	t.Log("Graphviz's dot is not installed: automaton_s2 is not drawn")
	var out []string
	for _, n := range Names() {
		if n != "automaton_s2" {
			out = append(out, n)
		}
	}
	return out
}
