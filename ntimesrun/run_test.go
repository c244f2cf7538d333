package ntimesrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"testing"
)

// small is a run of a few seconds: a = 2..12 and 7/2, thresholds to 3.
func small(out string, workers int) Config {
	var mults []*big.Rat
	for a := int64(2); a <= 12; a++ {
		mults = append(mults, big.NewRat(a, 1))
	}
	mults = append(mults, big.NewRat(7, 2))
	return Config{Mults: mults, MultsText: "2..12,7/2", Terms: 6, SeqTerms: 30, RealUpto: big.NewRat(3, 1),
		MinStable: 200, Factor: 10, MaxTerms: 1 << 14, Workers: workers, Out: out, Revision: "test"}
}

// readAll reads every file under dir, by relative path.
func readAll(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestRunWorkers: the outputs are the same bytes for 1, 2 and 8 workers,
// and a rerun over them gives them again.
func TestRunWorkers(t *testing.T) {
	one := t.TempDir()
	if _, err := Run(context.Background(), small(one, 1)); err != nil {
		t.Fatal(err)
	}
	want := readAll(t, one)
	// Four Parquet files, ft_table1.md and .csv, and four TeX files.
	if len(want) != 10 {
		t.Fatalf("%d files, want 10", len(want))
	}
	for _, w := range []int{2, 8} {
		out := t.TempDir()
		if _, err := Run(context.Background(), small(out, w)); err != nil {
			t.Fatal(err)
		}
		if w == 8 {
			if _, err := Run(context.Background(), small(out, w)); err != nil { // over the first
				t.Fatal(err)
			}
		}
		got := readAll(t, out)
		if len(got) != len(want) {
			t.Fatalf("%d workers: %d files, want %d", w, len(got), len(want))
		}
		for name, b := range want {
			if !bytes.Equal(got[name], b) {
				t.Errorf("%d workers: %s differs", w, name)
			}
		}
	}
}

// TestRunInterrupted: a cancelled context gives ErrInterrupted and writes
// no output.
func TestRunInterrupted(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := small(out, 2)
	cfg.Solved = func(done int) {
		if done == 3 {
			cancel()
		}
	}
	if _, err := Run(ctx, cfg); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err = %v, want ErrInterrupted", err)
	}
	if files := readAll(t, out); len(files) != 0 {
		t.Fatalf("an interrupted run wrote %d files", len(files))
	}
}

// Run writes the n-times nim tables of a few multipliers.
func ExampleRun() {
	out, err := os.MkdirTemp("", "ntimes")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)
	cfg := Config{Mults: []*big.Rat{big.NewRat(2, 1), big.NewRat(3, 1), big.NewRat(7, 2)}, MultsText: "2,3,7/2",
		Terms: 4, SeqTerms: 10, RealUpto: big.NewRat(2, 1), MinStable: 200, Factor: 10, MaxTerms: 1 << 14, Workers: 2, Out: out}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Multipliers, "multipliers")
	_, err = os.Stat(filepath.Join(out, Folder, "c_table.parquet"))
	fmt.Println("c_table.parquet written:", err == nil)
	// Output:
	// 3 multipliers
	// c_table.parquet written: true
}
