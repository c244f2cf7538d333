package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"fibnim/internal/filehash"
)

// manifestFormat names the layout of manifest.json.
const manifestFormat = "fibnim-table-manifest/1"

// Manifest is a table folder's manifest.json: every data file's size and
// SHA-256, the run's parameters, the source revision and the command that
// wrote it. It is written last, once every file is complete and synced, so
// a folder with a manifest holds a complete table: it is the commit
// marker. It holds no timestamp, so that a rerun with the same command
// reproduces it byte for byte.
//
// Open checks that the files are there with their sizes (cheap);
// Table.CheckHashes reads them and compares their SHA-256 (a pass over
// every byte: what compute info -full and compute verify do). A table
// written before manifests existed opens without one (Table.Manifest is
// nil) and says so.
type Manifest struct {
	Format      string          `json:"format"`
	N           int             `json:"n"`
	Multiplier  string          `json:"multiplier"`
	Engine      string          `json:"engine"`      // dense, breakpoint or brute
	Breakpoints bool            `json:"breakpoints"` // the breakpoint files are there
	MaxG        int             `json:"max_g"`       // the largest G(n), n <= N
	DenseMax    int             `json:"dense_max"`   // the -dense-max asked for
	DenseN      int             `json:"dense_n"`     // the last row of dense.parquet, -1 if none
	Revision    string          `json:"revision"`
	Command     string          `json:"command"`
	Files       []ManifestEntry `json:"files"` // sorted by path
}

// ManifestEntry is one file of a table folder.
type ManifestEntry struct {
	Path   string `json:"path"` // relative to the table folder, with '/'
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"` // hex
}

// ErrNoManifest is returned, wrapped, by the methods that need a manifest
// on a table written before manifests existed.
var ErrNoManifest = errors.New("the table has no manifest (written before manifests existed)")

// dataFiles lists the data files of the table folder dir, relative to it:
// start_values.parquet, dense.parquet and breakpoints/*, whatever is there
// (hidden files, the writers' temporary ones, are left out).
func dataFiles(dir string) ([]string, error) {
	var out []string
	for _, name := range []string{StartValuesFile, DenseFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			out = append(out, name)
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	entries, err := os.ReadDir(filepath.Join(dir, BreakpointsDir))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			out = append(out, BreakpointsDir+"/"+e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// NewManifest returns m with Format set and Files listing every data file
// of the table folder dir with its size and SHA-256. A file whose sum
// written holds (recorded by its writer as it wrote it) with the size the
// file has on disk takes that sum; the others are read from disk on as
// many goroutines as there are cores. written may be nil. It stops when
// ctx is done.
func NewManifest(ctx context.Context, dir string, m Manifest, written *filehash.Sums) (Manifest, error) {
	names, err := dataFiles(dir)
	if err != nil {
		return m, err
	}
	m.Format = manifestFormat
	m.Files = make([]ManifestEntry, len(names))
	var read []int // the files to hash from disk, as indices into names
	for i, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if sum, ok := written.Get(path); ok {
			if st, err := os.Stat(path); err == nil && st.Size() == sum.Size {
				m.Files[i] = ManifestEntry{Path: name, Bytes: sum.Size, SHA256: sum.SHA256}
				continue
			}
		}
		read = append(read, i)
	}
	todo := make([]string, len(read))
	for j, i := range read {
		todo[j] = names[i]
	}
	err = filehash.Files(ctx, dir, todo, func(j int, size int64, sum string) error {
		m.Files[read[j]] = ManifestEntry{Path: todo[j], Bytes: size, SHA256: sum}
		return nil
	})
	return m, err
}

// ReadManifest reads dir/manifest.json. A folder without one gives an
// error satisfying errors.Is(err, fs.ErrNotExist).
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, invalid(dir, "%s is not a manifest: %v", ManifestFile, err)
	}
	if m.Format != manifestFormat {
		return nil, invalid(dir, "%s has format %q, not %q (written by another fibnim version)", ManifestFile, m.Format, manifestFormat)
	}
	return &m, nil
}

// checkSizes checks that the data files of dir are exactly those m lists,
// with its sizes.
func (m *Manifest) checkSizes(dir string) error {
	names, err := dataFiles(dir)
	if err != nil {
		return err
	}
	listed := map[string]int64{}
	for _, f := range m.Files {
		listed[f.Path] = f.Bytes
	}
	for _, name := range names {
		if _, ok := listed[name]; !ok {
			return invalid(dir, "%s is not in %s: it was not written by the run that wrote the manifest", name, ManifestFile)
		}
	}
	for _, f := range m.Files {
		st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if errors.Is(err, os.ErrNotExist) {
			return invalid(dir, "%s is missing (listed in %s)", f.Path, ManifestFile)
		}
		if err != nil {
			return err
		}
		if st.Size() != f.Bytes {
			return invalid(dir, "%s is %d bytes, but %s says %d", f.Path, st.Size(), ManifestFile, f.Bytes)
		}
	}
	return nil
}

// Manifest is the table's manifest, or nil for a table written before
// manifests existed.
func (t *Table) Manifest() *Manifest { return t.manifest }

// CheckHashes reads the files of the table named by paths (relative to
// its folder, as in the manifest; none: every file) and compares their
// size and SHA-256 with the manifest's. A file that differs is an error
// wrapping ErrInvalid that names it; a table without a manifest gives
// ErrNoManifest. It reads on as many goroutines as there are cores and
// stops when ctx is done.
func (t *Table) CheckHashes(ctx context.Context, paths ...string) error {
	if t.manifest == nil {
		return fmt.Errorf("%s: %w", t.dir, ErrNoManifest)
	}
	want := map[string]ManifestEntry{}
	for _, f := range t.manifest.Files {
		want[f.Path] = f
	}
	if len(paths) == 0 {
		for _, f := range t.manifest.Files {
			paths = append(paths, f.Path)
		}
	}
	for _, p := range paths {
		if _, ok := want[p]; !ok {
			return invalid(t.dir, "%s is not in %s", p, ManifestFile)
		}
	}
	return filehash.Files(ctx, t.dir, paths, func(i int, size int64, sum string) error {
		w := want[paths[i]]
		if size != w.Bytes || sum != w.SHA256 {
			return invalid(t.dir, "%s does not match %s: its SHA-256 is %s, the manifest says %s (%d bytes, %d listed): the file changed after it was written", paths[i], ManifestFile, short(sum), short(w.SHA256), size, w.Bytes)
		}
		return nil
	})
}

func short(sum string) string { return sum[:min(12, len(sum))] + "..." }
