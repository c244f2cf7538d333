package atlas

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/table"
)

const (
	runList = "farey:3:2,7/2,4..5"
	runN    = 2000
)

func runShard(t *testing.T, root string, sh Shard) (computed, skipped int) {
	t.Helper()
	list, err := ParseList(runList)
	if err != nil {
		t.Fatal(err)
	}
	computed, skipped, err = Run(context.Background(), Config{Root: root, List: runList, Mults: list, N: runN, Shard: sh, Workers: 1, Revision: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return computed, skipped
}

func mergeAndWrite(t *testing.T, root string) []AtlasRow {
	t.Helper()
	plan, rows, err := Merge(root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteAll(root, plan, rows, nil, "test"); err != nil {
		t.Fatal(err)
	}
	return rows
}

// Three shards, merged, give the same rows and the same atlas.parquet, byte
// for byte, as the whole list in one run; a second run of a shard computes
// nothing.
func TestShardsMergeToTheSingleRun(t *testing.T) {
	one, three := t.TempDir(), t.TempDir()
	list, _ := ParseList(runList)
	if c, s := runShard(t, one, All); c != len(list) || s != 0 {
		t.Fatalf("one run: %d computed, %d skipped", c, s)
	}
	total := 0
	for i := 0; i < 3; i++ {
		c, _ := runShard(t, three, Shard{i, 3})
		total += c
	}
	if total != len(list) {
		t.Fatalf("the shards computed %d of %d", total, len(list))
	}
	if c, s := runShard(t, three, Shard{1, 3}); c != 0 || s != len(Shard{1, 3}.Pick(list)) {
		t.Fatalf("a rerun computed %d and skipped %d", c, s)
	}
	a, b := mergeAndWrite(t, one), mergeAndWrite(t, three)
	if !reflect.DeepEqual(a, b) || len(a) != len(list) {
		t.Fatalf("merged rows differ (%d and %d rows)", len(a), len(b))
	}
	fa, _ := os.ReadFile(filepath.Join(one, ParquetFile))
	fb, _ := os.ReadFile(filepath.Join(three, ParquetFile))
	if len(fa) == 0 || !bytes.Equal(fa, fb) {
		t.Fatal("atlas.parquet differs between one run and three shards")
	}
	rows, l, err := Read(filepath.Join(three, ParquetFile))
	if err != nil || l != runList || !reflect.DeepEqual(rows, a) {
		t.Fatalf("Read: %v, list %q", err, l)
	}
	for i, r := range rows {
		if r.Multiplier != list[i].String() {
			t.Fatalf("row %d is a = %s, want %s", i, r.Multiplier, list[i])
		}
	}
}

// What the merge refuses: a missing multiplier (naming it), a folder of a
// multiplier outside the plan, a summary of another multiplier or N; and a
// shard of another list or N refuses to join an atlas.
func TestMergeRefuses(t *testing.T) {
	root := t.TempDir()
	runShard(t, root, All)
	a, _ := grundy.ParseMultiplier("7/2")
	path := SummaryPath(root, a)
	saved, _ := os.ReadFile(path)
	restore := func() { os.WriteFile(path, saved, 0o644) }

	os.Remove(path)
	_, _, err := Merge(root)
	if !errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), "a = 7/2") || !strings.Contains(err.Error(), "1 of 8") {
		t.Errorf("a missing summary: %v", err)
	}
	restore()

	b, _ := grundy.ParseMultiplier("4")
	other, _ := os.ReadFile(SummaryPath(root, b))
	os.WriteFile(path, other, 0o644)
	if _, _, err := Merge(root); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "not 7/2") {
		t.Errorf("the summary of a = 4 in mult=7_2: %v", err)
	}
	restore()

	stray := filepath.Join(Dir(root), "mult=9")
	os.Mkdir(stray, 0o755)
	if _, _, err := Merge(root); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "mult=9") {
		t.Errorf("a stray mult=9: %v", err)
	}
	os.Remove(stray)

	list, _ := ParseList(runList)
	for _, c := range []struct {
		list string
		N    int
	}{{runList, runN + 1}, {"2", runN}} {
		ms, _ := ParseList(c.list)
		_, _, err := Run(context.Background(), Config{Root: root, List: c.list, Mults: ms, N: c.N, Shard: All, Workers: 1})
		if !errors.Is(err, ErrOtherPlan) {
			t.Errorf("a shard of %q to %d: %v", c.list, c.N, err)
		}
	}
	// The same list written otherwise is the same atlas.
	var parts []string
	for _, a := range list {
		parts = append(parts, a.String())
	}
	same := strings.Join(parts, ",")
	if _, _, err := Run(context.Background(), Config{Root: root, List: same, Mults: list, N: runN, Shard: All, Workers: 1}); err != nil {
		t.Errorf("the list %q: %v", same, err)
	}
	if _, _, err := Merge(root); err != nil {
		t.Errorf("after all that: %v", err)
	}
}

// The readers refuse foreign and damaged files: another kind, another
// schema under the right kind, rows out of order, a damaged file.
func TestReadersRefuseForeignFiles(t *testing.T) {
	root := t.TempDir()
	runShard(t, root, All)
	rows := mergeAndWrite(t, root)
	a, _ := grundy.ParseMultiplier("2")
	dir := t.TempDir()
	p := filepath.Join(dir, "f.parquet")

	// A summary where a merged atlas is expected, and the reverse.
	if _, _, err := Read(SummaryPath(root, a)); !errors.Is(err, ErrInvalid) {
		t.Errorf("a summary read as an atlas: %v", err)
	}
	writeRows(p, fileMeta(Kind, runN, "test", map[string]string{table.MetaMult: "2"}), rows[:1])
	if _, err := ReadSummary(p, a, runN); !errors.Is(err, ErrInvalid) {
		t.Errorf("an atlas read as a summary: %v", err)
	}
	// Another schema, with an atlas's metadata.
	type other struct {
		Multiplier string `parquet:"multiplier"`
		N          int64  `parquet:"n"`
	}
	parquetfile.WriteFile(p, fileMeta(SummaryKind, runN, "test", map[string]string{table.MetaMult: "2"}), []other{{"2", runN}})
	if _, err := ReadSummary(p, a, runN); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "columns") {
		t.Errorf("a foreign schema: %v", err)
	}
	// Rows out of order, or fewer than the metadata says.
	swapped := append([]AtlasRow{rows[1], rows[0]}, rows[2:]...)
	writeRows(p, fileMeta(Kind, runN, "test", map[string]string{MetaRows: "8"}), swapped)
	if _, _, err := Read(p); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "increase") {
		t.Errorf("rows out of order: %v", err)
	}
	writeRows(p, fileMeta(Kind, runN, "test", map[string]string{MetaRows: "9"}), rows)
	if _, _, err := Read(p); !errors.Is(err, ErrInvalid) {
		t.Errorf("a row missing: %v", err)
	}
	// A row whose multiplier is not its a_num/a_den, or of another N.
	for _, bad := range []func(r *AtlasRow){
		func(r *AtlasRow) { r.ANum = 3 },
		func(r *AtlasRow) { r.N++ },
		func(r *AtlasRow) { r.Status = "maybe" },
	} {
		r := rows[0]
		bad(&r)
		writeRows(p, fileMeta(SummaryKind, runN, "test", map[string]string{table.MetaMult: r.Multiplier}), []AtlasRow{r})
		if _, err := ReadSummary(p, grundy.Multiplier{P: 1, Q: 1}, runN); !errors.Is(err, ErrInvalid) {
			t.Errorf("a bad row: %v", err)
		}
	}
	// A damaged file.
	b, _ := os.ReadFile(filepath.Join(root, ParquetFile))
	os.WriteFile(p, b[:len(b)/2], 0o644)
	if _, _, err := Read(p); !errors.Is(err, table.ErrCorrupt) {
		t.Errorf("half a file: %v", err)
	}
}

// An interrupted shard keeps the summaries it wrote, writes no partial
// one, and the same command completes the atlas.
func TestInterruptedShardResumes(t *testing.T) {
	root := t.TempDir()
	list, _ := ParseList(runList)
	ctx, cancel := context.WithCancel(context.Background())
	done := 0
	_, _, err := Run(ctx, Config{Root: root, List: runList, Mults: list, N: runN, Shard: All, Workers: 1,
		Done: func(Event) {
			done++
			if done == 2 {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted: %v", err)
	}
	if _, _, err := Merge(root); !errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), "6 of 8") {
		t.Fatalf("after the interrupt: %v", err)
	}
	if c, s := runShard(t, root, All); c != 6 || s != 2 {
		t.Fatalf("the resumed shard computed %d and skipped %d", c, s)
	}
	if _, _, err := Merge(root); err != nil {
		t.Fatal(err)
	}
}
