package tablebuild

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/table"
)

// buildGlobal writes the global table of multiplier a to M under root and
// returns its folder.
func buildGlobal(t *testing.T, root string, M int, a grundy.Multiplier, workers int) string {
	t.Helper()
	dir := globalnim.Dir(root, a)
	if _, err := Global(context.Background(), GlobalConfig{Dir: dir, M: M, Mult: a, Workers: workers, Revision: "test", Replace: true}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestGlobalRoundTrip: the table read back equals the engine's on every
// breakpoint, and positions.parquet's g_start, g_full and r_1 are what the
// table gives, for a = 2 and 3/2.
func TestGlobalRoundTrip(t *testing.T) {
	for _, s := range []string{"2", "3/2"} {
		a, _ := grundy.ParseMultiplier(s)
		const M = 120
		dir := buildGlobal(t, t.TempDir(), M, a, 2)
		got, err := globalnim.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		want, err := globalnim.Fill(context.Background(), M, a, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got.M != M || got.Mult != a || got.Len() != want.Len() {
			t.Fatalf("a=%s: read M=%d a=%s with %d breakpoints, want %d", s, got.M, got.Mult, got.Len(), want.Len())
		}
		for y := 0; y <= M; y++ {
			for x := 0; x <= y; x++ {
				if !slices.Equal(got.Breakpoints(x, y), want.Breakpoints(x, y)) {
					t.Fatalf("a=%s: breakpoints of (%d, %d) read %v, want %v", s, x, y, got.Breakpoints(x, y), want.Breakpoints(x, y))
				}
			}
		}
		pos, meta, err := table.ReadFile[globalnim.GlobalPosition](filepath.Join(dir, globalnim.PositionsFile))
		if err != nil {
			t.Fatal(err)
		}
		if meta[table.MetaN] != "120" || meta[table.MetaMult] != a.String() || meta[table.MetaRevision] != "test" || meta[table.MetaGame] != "global" {
			t.Fatalf("metadata %v", meta)
		}
		for _, p := range pos {
			x, y := int(p.X), int(p.Y)
			r1 := int32(-1)
			if bs := want.Breakpoints(x, y); len(bs) > 0 {
				r1 = int32(bs[0])
			}
			if int(p.GStart) != want.Start(x, y) || int(p.GFull) != want.Full(x, y) || p.R1 != r1 {
				t.Fatalf("a=%s: row %+v, want g_start %d g_full %d r_1 %d", s, p, want.Start(x, y), want.Full(x, y), r1)
			}
		}
	}
}

// folderBytes reads every file under dir, by relative path.
func folderBytes(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestGlobalFilesReproduce: the files are byte for byte the same for 1, 2
// and 8 workers and on a rerun over an earlier table, which leaves no
// hidden folder behind.
func TestGlobalFilesReproduce(t *testing.T) {
	root := t.TempDir()
	want := folderBytes(t, buildGlobal(t, root, 90, grundy.Fibonacci, 1))
	for _, w := range []int{2, 8} {
		got := folderBytes(t, buildGlobal(t, t.TempDir(), 90, grundy.Fibonacci, w))
		if len(got) != len(want) {
			t.Fatalf("%d workers: %d files, want %d", w, len(got), len(want))
		}
		for name, b := range want {
			if !bytes.Equal(got[name], b) {
				t.Fatalf("%d workers: %s differs", w, name)
			}
		}
	}
	buildGlobal(t, root, 90, grundy.Fibonacci, 2) // over the first
	if entries := visible(t, filepath.Join(root, globalnim.Folder)); len(entries) != 1 || entries[0] != "mult=2" {
		t.Fatalf("after a rerun %s holds %v", filepath.Join(root, globalnim.Folder), entries)
	}
}

// TestBuildGlobalInterrupted: a run stopped by its context leaves the
// earlier table as it was, and nothing else.
func TestBuildGlobalInterrupted(t *testing.T) {
	root := t.TempDir()
	dir := buildGlobal(t, root, 60, grundy.Fibonacci, 2)
	before := folderBytes(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Global(ctx, GlobalConfig{Dir: dir, M: 900, Mult: grundy.Fibonacci, Workers: 2, Revision: "test",
		Done: func(g, _ int) {
			if g == 2 {
				cancel()
			}
		}})
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("interrupted run: err = %v", err)
	}
	after := folderBytes(t, dir)
	if len(after) != len(before) {
		t.Fatalf("interrupted run changed the table: %d files, was %d", len(after), len(before))
	}
	for name, b := range before {
		if !bytes.Equal(after[name], b) {
			t.Fatalf("interrupted run changed %s", name)
		}
	}
	if entries := visible(t, filepath.Join(root, globalnim.Folder)); len(entries) != 1 {
		t.Fatalf("interrupted run left %v", entries)
	}
	if _, err := globalnim.Open(dir); err != nil {
		t.Fatal(err)
	}
}

// visible lists the names in dir but the lock files, which stay (lock.go).
func visible(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), lockSuffix) {
			out = append(out, e.Name())
		}
	}
	return out
}

// editManifest rewrites the global table's manifest in dir through change.
func editManifest(t *testing.T, dir string, change func(map[string]any)) {
	t.Helper()
	path := filepath.Join(dir, globalnim.ManifestFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	change(m)
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOpenGlobalRefuses: every way a folder can be incomplete or foreign
// is refused with table.ErrInvalid, never read as a smaller table.
func TestOpenGlobalRefuses(t *testing.T) {
	a := grundy.Fibonacci
	rewrite := func(t *testing.T, path string, change func([]globalnim.GlobalBreakpoint) []globalnim.GlobalBreakpoint) {
		rows, meta, err := table.ReadFile[globalnim.GlobalBreakpoint](path)
		if err != nil {
			t.Fatal(err)
		}
		if err := parquetfile.WriteFile(path, meta, change(rows)); err != nil {
			t.Fatal(err)
		}
	}
	rewritePos := func(t *testing.T, path string, change func([]globalnim.GlobalPosition) []globalnim.GlobalPosition) {
		rows, meta, err := table.ReadFile[globalnim.GlobalPosition](path)
		if err != nil {
			t.Fatal(err)
		}
		if err := parquetfile.WriteFile(path, meta, change(rows)); err != nil {
			t.Fatal(err)
		}
	}
	cases := map[string]func(t *testing.T, dir string){
		"no positions file": func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, globalnim.PositionsFile)) },
		"a value's file missing": func(t *testing.T, dir string) {
			os.Remove(table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 3))
		},
		"a stray file": func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
		},
		"a file past the largest value": func(t *testing.T, dir string) {
			b, _ := os.ReadFile(table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 1))
			os.WriteFile(table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 999), b, 0o644)
		},
		"the folder of another multiplier": func(t *testing.T, dir string) {
			os.Rename(dir, filepath.Join(filepath.Dir(dir), "mult=3"))
		},
		"a breakpoint row dropped": func(t *testing.T, dir string) {
			rewrite(t, table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 2), func(r []globalnim.GlobalBreakpoint) []globalnim.GlobalBreakpoint { return slices.Delete(r, 10, 11) })
		},
		"rows out of order": func(t *testing.T, dir string) {
			rewrite(t, table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 2), func(r []globalnim.GlobalBreakpoint) []globalnim.GlobalBreakpoint {
				r[10], r[11] = r[11], r[10]
				return r
			})
		},
		"a breakpoint above the larger pile": func(t *testing.T, dir string) {
			rewrite(t, table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 1), func(r []globalnim.GlobalBreakpoint) []globalnim.GlobalBreakpoint {
				r[20].R = r[20].Y + 1
				return r
			})
		},
		"a breakpoint below the one before it": func(t *testing.T, dir string) {
			rewrite(t, table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 5), func(r []globalnim.GlobalBreakpoint) []globalnim.GlobalBreakpoint {
				for i := range r {
					if r[i].R > 1 {
						r[i].R = 1
						break
					}
				}
				return r
			})
		},
		"a breakpoint moved by one": func(t *testing.T, dir string) {
			// A change the breakpoints alone cannot see: g_start and r_1 of
			// positions.parquet no longer match.
			rewrite(t, table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 1), func(r []globalnim.GlobalBreakpoint) []globalnim.GlobalBreakpoint {
				for i := range r {
					if r[i].R > 1 {
						r[i].R--
						break
					}
				}
				return r
			})
		},
		"a wrong g_start": func(t *testing.T, dir string) {
			rewritePos(t, filepath.Join(dir, globalnim.PositionsFile), func(r []globalnim.GlobalPosition) []globalnim.GlobalPosition {
				r[100].GStart ^= 1
				return r
			})
		},
		"a position row missing": func(t *testing.T, dir string) {
			rewritePos(t, filepath.Join(dir, globalnim.PositionsFile), func(r []globalnim.GlobalPosition) []globalnim.GlobalPosition { return r[:len(r)-1] })
		},
		"a file's size not its manifest's": func(t *testing.T, dir string) {
			f, _ := os.OpenFile(table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 2), os.O_APPEND|os.O_WRONLY, 0)
			f.Write([]byte{0})
			f.Close()
		},
		"a manifest of another M": func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { m["m"] = 41.0 })
		},
		"a manifest of another largest value": func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { m["max_g"] = m["max_g"].(float64) + 1 })
		},
		"a manifest that lacks a file": func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { m["files"] = m["files"].([]any)[1:] })
		},
		"a manifest that lists a file outside the folder": func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) {
				m["files"] = append(m["files"].([]any), map[string]any{"path": "../mult=2/positions.parquet", "bytes": 1.0, "sha256": "00"})
			})
		},
		"a Grundy table's manifest": func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) { m["format"] = "fibnim-table-manifest/1" })
		},
		"a manifest that is not JSON": func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, globalnim.ManifestFile), []byte("{"), 0o644)
		},
		"a single-pile table folder": func(t *testing.T, dir string) {
			os.RemoveAll(dir)
			root := filepath.Dir(filepath.Dir(dir))
			cfg := config(root, 50)
			cfg.Mult = a
			mustRun(t, cfg)
			os.Rename(table.Dir(root, a), dir)
		},
	}
	// The cases Footers, which reads no row, must refuse too.
	manifestCase := map[string]bool{"a file's size not its manifest's": true, "a manifest of another M": true, "a manifest of another largest value": true,
		"a manifest that lacks a file": true, "a manifest that lists a file outside the folder": true, "a Grundy table's manifest": true, "a manifest that is not JSON": true, "a stray file": true, "a value's file missing": true}
	good := folderBytes(t, buildGlobal(t, t.TempDir(), 40, a, 2))
	for name, corrupt := range cases {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			dir := globalnim.Dir(t.TempDir(), a) // a copy of the good table
			for rel, b := range good {
				os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755)
				if err := os.WriteFile(filepath.Join(dir, rel), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := globalnim.Open(dir); err != nil {
				t.Fatal(err)
			}
			corrupt(t, dir)
			if _, err := os.Stat(dir); err != nil {
				dir = filepath.Join(filepath.Dir(dir), "mult=3")
			}
			if _, err := globalnim.Open(dir); !errors.Is(err, table.ErrInvalid) {
				t.Fatalf("globalnim.Open after %s: err = %v, want table.ErrInvalid", name, err)
			}
			if manifestCase[name] {
				if _, _, err := globalnim.Footers(dir, a); !errors.Is(err, table.ErrInvalid) {
					t.Fatalf("globalnim.Footers after %s: err = %v, want table.ErrInvalid", name, err)
				}
			}
		})
	}
	if _, err := globalnim.Open(filepath.Join(t.TempDir(), "nothing")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing folder: err = %v", err)
	}
}
