package globalnim

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"fibnim/internal/atomicfile"
	"fibnim/internal/filehash"
	"fibnim/table"
)

// ManifestFile is a global table folder's manifest, the same name as a
// Grundy table folder's (table.ManifestFile); its format differs (Manifest).
const ManifestFile = table.ManifestFile

// manifestFormat names the layout of a global table's manifest.json. A
// Grundy table's manifest (table.Manifest) has another, so that neither
// reader takes the other's folder.
const manifestFormat = "fibnim-global-manifest/1"

// Manifest is a global table folder's manifest.json: every data file's
// size and SHA-256, the table's M, multiplier and largest value, the
// source revision and the command that wrote it. The writer (package
// tablebuild, Global) writes it last, once every file is complete and
// synced, so a folder with a manifest holds a complete table. It holds no
// timestamp: a rerun with the same command reproduces it byte for byte.
//
// Open and Footers check that the files are exactly those listed, with
// their sizes, and that the manifest agrees with positions.parquet's
// metadata; CheckHashes compares every file's SHA-256 (a pass over every
// byte). A table written before global tables had manifests opens without
// one (ReadManifest's error satisfies errors.Is(err, fs.ErrNotExist)).
type Manifest struct {
	Format     string                `json:"format"`
	M          int                   `json:"m"`          // the largest pile
	Multiplier string                `json:"multiplier"` // a, as grundy.Multiplier.String writes it
	Engine     string                `json:"engine"`     // Engine
	MaxG       int                   `json:"max_g"`      // the largest G(x, y, y)
	Revision   string                `json:"revision"`
	Command    string                `json:"command"`
	Files      []table.ManifestEntry `json:"files"` // sorted by path
}

// dataFiles lists the data files of the global table folder dir,
// relative to it: positions.parquet and breakpoints/*, whatever is there
// (hidden files, the writers' temporary ones, are left out).
func dataFiles(dir string) ([]string, error) {
	var out []string
	if _, err := os.Stat(filepath.Join(dir, PositionsFile)); err == nil {
		out = append(out, PositionsFile)
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	entries, err := os.ReadDir(filepath.Join(dir, table.BreakpointsDir))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") {
			out = append(out, table.BreakpointsDir+"/"+e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// NewManifest returns m with Format set and Files listing every data file
// of the global table folder dir with its size and SHA-256, read on as
// many goroutines as there are cores. It stops when ctx is done.
func NewManifest(ctx context.Context, dir string, m Manifest) (Manifest, error) {
	names, err := dataFiles(dir)
	if err != nil {
		return m, err
	}
	m.Format = manifestFormat
	m.Files = make([]table.ManifestEntry, len(names))
	err = hashFiles(ctx, dir, names, func(i int, size int64, sum string) error {
		m.Files[i] = table.ManifestEntry{Path: names[i], Bytes: size, SHA256: sum}
		return nil
	})
	return m, err
}

// WriteManifest writes m to dir/manifest.json, through a temporary file
// that is synced and renamed.
func WriteManifest(dir string, m Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, ManifestFile), append(b, '\n'))
}

// ReadManifest reads the manifest of the global table folder dir. A
// folder without one gives an error satisfying errors.Is(err,
// fs.ErrNotExist); one that is not a global table's manifest (a Grundy
// table's, say) an error wrapping table.ErrInvalid.
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
		return nil, invalid(dir, "%s has format %q, not %q: not a global table's manifest", ManifestFile, m.Format, manifestFormat)
	}
	return &m, nil
}

// checkManifest checks the manifest of dir, if it has one, against
// positions.parquet's metadata (meta, whose M, multiplier and largest
// value are M, a and maxG) and the files there: exactly those listed,
// with their sizes. It returns whether there is a manifest.
func checkManifest(dir string, M int, a string, maxG int) (bool, error) {
	m, err := ReadManifest(dir)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	if m.M != M || m.Multiplier != a || m.MaxG != maxG || m.Engine != Engine {
		return true, invalid(dir, "%s is for M = %d, a = %s, max_g = %d, engine %q, but %s for M = %d, a = %s, max_g = %d",
			ManifestFile, m.M, m.Multiplier, m.MaxG, m.Engine, PositionsFile, M, a, maxG)
	}
	names, err := dataFiles(dir)
	if err != nil {
		return true, err
	}
	listed, there := map[string]bool{}, map[string]bool{}
	for _, f := range m.Files {
		listed[f.Path] = true
	}
	for _, name := range names {
		there[name] = true
		if !listed[name] {
			return true, invalid(dir, "%s is not in %s: it was not written by the run that wrote the manifest", name, ManifestFile)
		}
	}
	for _, f := range m.Files {
		if !there[f.Path] {
			// Missing, or a path that is no data file of the folder
			// ("../x", "breakpoints/.hidden"): never looked at.
			return true, invalid(dir, "%s is missing (listed in %s)", f.Path, ManifestFile)
		}
		st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err != nil {
			return true, err
		}
		if st.Size() != f.Bytes {
			return true, invalid(dir, "%s is %d bytes, but %s says %d", f.Path, st.Size(), ManifestFile, f.Bytes)
		}
	}
	return true, nil
}

// ErrNoManifest is returned, wrapped, by CheckHashes for a global table
// written before global tables had manifests.
var ErrNoManifest = errors.New("the global table has no manifest (written before global tables had manifests)")

// CheckHashes reads every file of the global table folder dir that its
// manifest lists and compares its size and SHA-256 with the manifest's.
// The files there must be exactly those listed, with their sizes. A file
// that differs is an error wrapping table.ErrInvalid that names it;
// a folder without a manifest gives ErrNoManifest. It reads on as many
// goroutines as there are cores and stops when ctx is done. It checks the
// bytes only: Open checks what they say.
func CheckHashes(ctx context.Context, dir string) error {
	m, err := ReadManifest(dir)
	if errors.Is(err, os.ErrNotExist) {
		return errors.Join(ErrNoManifest, err) // both: errors.Is finds either
	}
	if err != nil {
		return err
	}
	if _, err := checkManifest(dir, m.M, m.Multiplier, m.MaxG); err != nil {
		return err // the listing first: no file outside the table is read
	}
	paths := make([]string, len(m.Files))
	for i, f := range m.Files {
		paths[i] = f.Path
	}
	return hashFiles(ctx, dir, paths, func(i int, size int64, sum string) error {
		w := m.Files[i]
		if size != w.Bytes || sum != w.SHA256 {
			return invalid(dir, "%s does not match %s: its SHA-256 is %s, the manifest says %s (%d bytes, %d listed): the file changed after it was written", w.Path, ManifestFile, short(sum), short(w.SHA256), size, w.Bytes)
		}
		return nil
	})
}

func short(sum string) string { return sum[:min(12, len(sum))] + "..." }

// hashFiles is filehash.Files, with a listed file that is gone reported
// as the table's damage.
func hashFiles(ctx context.Context, dir string, names []string, fn func(i int, size int64, sum string) error) error {
	err := filehash.Files(ctx, dir, names, fn)
	var pe *fs.PathError
	if errors.Is(err, os.ErrNotExist) && errors.As(err, &pe) {
		if rel, rerr := filepath.Rel(dir, pe.Path); rerr == nil {
			return invalid(dir, "%s is missing (listed in %s)", filepath.ToSlash(rel), ManifestFile)
		}
	}
	return err
}
