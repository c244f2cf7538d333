package inventory

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/table"
	"fibnim/tablebuild"
)

// TestSurveyGlobal: Survey lists a global table folder with its M and
// largest value, from the footers and the manifest, and says when it does
// not validate; a staging folder beside it is listed as a leftover whose
// advice names compute global.
func TestSurveyGlobal(t *testing.T) {
	root := t.TempDir()
	dir := globalnim.Dir(root, grundy.Fibonacci)
	if _, err := tablebuild.Global(context.Background(), tablebuild.GlobalConfig{Dir: dir, M: 30, Mult: grundy.Fibonacci, Workers: 2, Revision: "test"}); err != nil {
		t.Fatal(err)
	}
	tab, err := globalnim.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, full := range []bool{false, true} {
		folders, others, leftovers, err := Survey(context.Background(), root, full)
		if err != nil || len(folders) != 1 || len(others) != 0 || len(leftovers) != 0 {
			t.Fatalf("Survey: %v, %+v, others %v, leftovers %v", err, folders, others, leftovers)
		}
		f := folders[0]
		if f.Err != nil || f.N != 30 || f.MaxValue != tab.MaxValue() || f.Engine != globalnim.Engine || f.Dir != dir || !f.Manifest {
			t.Fatalf("Survey: %+v", f)
		}
	}
	stage := tablebuild.StagingDir(dir)
	os.MkdirAll(filepath.Join(stage, table.BreakpointsDir), 0o755)
	os.WriteFile(filepath.Join(stage, globalnim.PositionsFile), make([]byte, 3000), 0o644)
	_, _, leftovers, err := Survey(context.Background(), root, false)
	if err != nil || len(leftovers) != 1 || leftovers[0].Name != stage || leftovers[0].Size != 3000 {
		t.Fatalf("Survey of a staging folder: %v, %v", err, leftovers)
	}
	if advice := tablebuild.LeftoverAdvice(stage); !strings.Contains(advice, "compute global") {
		t.Fatalf("advice for %s: %s", stage, advice)
	}
	// The hidden folder of a global run of an earlier fibnim, killed.
	old := filepath.Join(root, globalnim.Folder, ".mult=2.tmp-123")
	os.MkdirAll(old, 0o755)
	os.WriteFile(filepath.Join(old, globalnim.PositionsFile), make([]byte, 10), 0o644)
	if _, _, leftovers, err = Survey(context.Background(), root, false); err != nil || len(leftovers) != 2 || leftovers[1].Name != old {
		t.Fatalf("Survey of an old global run: %v, %v", err, leftovers)
	}
	if advice := tablebuild.LeftoverAdvice(old); !strings.Contains(advice, "compute global") || !strings.Contains(advice, "rm -rf "+old) {
		t.Fatalf("advice for %s: %s", old, advice)
	}
	os.Remove(table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 2))
	folders, _, _, err := Survey(context.Background(), root, false)
	if err != nil || !errors.Is(folders[0].Err, table.ErrInvalid) {
		t.Fatalf("Survey of a folder without g=0002: %v, %+v", err, folders)
	}
}
