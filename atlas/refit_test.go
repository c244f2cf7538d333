package atlas

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/conjectures"
	"fibnim/table"
)

// olsFromH is the ordinary least-squares fit of G(n) ~ alpha ln n + beta
// over 1 <= n <= N, every n weighted alike, with G(n) = g on
// h[g] <= n < h[g+1], summed term by term: what the committed atlases were
// fitted by.
func olsFromH(h []int64, N int64) (alpha, beta float64) {
	var s, sx, sy, sxx, sxy float64
	g := 0
	for n := int64(1); n <= N; n++ {
		for g+1 < len(h) && h[g+1] <= n {
			g++
		}
		x, y := math.Log(float64(n)), float64(g)
		s++
		sx += x
		sy += y
		sxx += x * x
		sxy += x * y
	}
	alpha = (s*sxy - sx*sy) / (s*sxx - sx*sx)
	return alpha, (sy - alpha*sx) / s
}

// The committed atlas at N = 10^7 has no MetaFit: its fit columns are
// ordinary least squares (checked here on three rows against a
// term-by-term fit from h(g)), and Read gives every row the weighted fit
// from h(g) instead, keeping the file's alpha in FileAlpha.
func TestCommittedAtlasIsRefit(t *testing.T) {
	path := "../results/atlas-1e7.parquet"
	stored, meta, err := readStored(path, Kind)
	if err != nil {
		t.Fatal(err)
	}
	if meta[MetaFit] != "" {
		t.Fatalf("%s names its fit (%q): it is not the file this test is about", path, meta[MetaFit])
	}
	rows, _, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		f, _ := conjectures.FitFirstReach(r.H, r.N)
		if !r.Refit || r.OldFit || r.Alpha != f.Alpha || r.Beta != f.Beta || r.RMS != f.RMS || r.FileAlpha != stored[i].Alpha {
			t.Errorf("a = %s: refit %v, old %v, alpha %v (from h(g): %v), file's %v (stored %v)", r.Multiplier, r.Refit, r.OldFit, r.Alpha, f.Alpha, r.FileAlpha, stored[i].Alpha)
		}
	}
	for _, r := range stored {
		if r.Multiplier != "3/2" && r.Multiplier != "2" && r.Multiplier != "10" {
			continue
		}
		alpha, beta := olsFromH(r.H, r.N)
		if math.Abs(alpha-r.Alpha) > 1e-6*alpha || math.Abs(beta-r.Beta) > 1e-5*max(1, math.Abs(beta)) {
			t.Errorf("a = %s: the file's fit %v ln n %+v is not the ordinary least squares from h(g), %v ln n %+v", r.Multiplier, r.Alpha, r.Beta, alpha, beta)
		}
	}
}

// A file of today names its fit (MetaFit), and its rows read back as
// written, not refit; a file without the name is refit where h(g) gives
// G(n), and a row where it does not (LRS-5.2(a) fails: G(n) may
// decrease) keeps its fit, marked OldFit, which no writer writes again.
func TestRefitOnlyWhatHGives(t *testing.T) {
	dir := t.TempDir()
	mk := func(a string) AtlasRow {
		r := synthetic(a, 9.5, 0.5, 0)
		r.N, r.GN, r.MaxG, r.H = 1500, 3, 3, []int64{0, 1, 7, 100}
		r.Beta = -1
		return r
	}
	rows := []AtlasRow{mk("3/2"), mk("2"), mk("3")}
	rows[2].Check("LRS-5.2").Status = conjectures.Fails
	meta := map[string]string{table.MetaN: "1500", MetaList: "3/2,2,3", MetaRows: "3"}

	today := filepath.Join(dir, "today.parquet")
	if err := WriteFile(today, meta, rows); err != nil {
		t.Fatal(err)
	}
	got, m, err := ReadMeta(today)
	if err != nil {
		t.Fatal(err)
	}
	if m[MetaFit] != conjectures.FitEstimator+" over 1 <= n <= N" {
		t.Errorf("%s = %q", MetaFit, m[MetaFit])
	}
	for _, r := range got {
		if r.Refit || r.OldFit || r.Alpha != 9.5 {
			t.Errorf("a = %s in a file of today: refit %v, old %v, alpha %v; want as written", r.Multiplier, r.Refit, r.OldFit, r.Alpha)
		}
	}

	// The same rows in a file that names no fit, as the committed ones.
	old := filepath.Join(dir, "old.parquet")
	m = fileMeta(Kind, 1500, "", map[string]string{MetaList: "3/2,2,3", MetaRows: "3"})
	delete(m, MetaFit)
	if err := writeRows(old, m, rows); err != nil {
		t.Fatal(err)
	}
	got, _, err = Read(old)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := conjectures.FitFirstReach(rows[0].H, 1500)
	for i, r := range got[:2] {
		if !r.Refit || r.OldFit || r.Alpha != f.Alpha || r.FileAlpha != 9.5 {
			t.Errorf("row %d (a = %s): refit %v, old %v, alpha %v (want %v), file's %v", i, r.Multiplier, r.Refit, r.OldFit, r.Alpha, f.Alpha, r.FileAlpha)
		}
	}
	if r := got[2]; r.Refit || !r.OldFit || r.Alpha != 9.5 {
		t.Errorf("a = 3, LRS-5.2(a) failing: refit %v, old %v, alpha %v; want the file's fit, marked old", r.Refit, r.OldFit, r.Alpha)
	}
	err = WriteFile(filepath.Join(dir, "again.parquet"), meta, got)
	if err == nil || !strings.Contains(err.Error(), "a = 3") {
		t.Errorf("writing a row whose fit is still the old one: %v, want an error naming a = 3", err)
	}
	// The report keeps the old fit out of its reading and says so.
	md := string(Report(Plan{List: "3/2,2,3", N: 1500, Multipliers: []string{"3/2", "2", "3"}}, got, nil, nil))
	if !strings.Contains(md, "At a = 3, where LRS-5.2(a) does not hold, h(g) does not give G(n)") {
		t.Errorf("the report does not say which fit a = 3 keeps:\n%s", md)
	}
}
