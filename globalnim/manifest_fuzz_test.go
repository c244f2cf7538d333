package globalnim_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/tablebuild"
)

// FuzzManifest: whatever manifest.json holds, the readers (Footers, Open,
// CheckHashes) return an error or a table, never a panic; a listed path
// that is not a data file of the folder is refused before it is read.
func FuzzManifest(f *testing.F) {
	good := filepath.Join(f.TempDir(), "global", "mult=2")
	if _, err := tablebuild.Global(context.Background(), tablebuild.GlobalConfig{Dir: good, M: 12, Mult: grundy.Fibonacci, Workers: 1}); err != nil {
		f.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(good, globalnim.ManifestFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte("{}"))
	f.Add([]byte(`{"format":"fibnim-global-manifest/1","m":12,"multiplier":"2","engine":"global-sweep","max_g":9,"files":[{"path":"../../x","bytes":0}]}`))
	f.Add([]byte(`{"format":"fibnim-table-manifest/1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(filepath.Join(good, globalnim.ManifestFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		globalnim.Footers(good, grundy.Fibonacci)
		globalnim.Open(good)
		globalnim.CheckHashes(context.Background(), good)
	})
}
