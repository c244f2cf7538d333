package inventory

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/table"
	"fibnim/tablebuild"
)

// Folder describes one table folder of a results folder, as Survey finds it.
type Folder struct {
	Dir  string
	Mult grundy.Multiplier // from the folder's name
	// Err is why table.Open refuses the folder, or nil if it validates. N,
	// MaxValue, Engine and Breakpoints are known only when Err is nil.
	Err         error
	N           int
	MaxValue    int
	Engine      string
	Breakpoints bool
	DenseN      int
	Manifest    bool       // the folder has a manifest (sizes checked; with full, every hash)
	Files       []FileSize // every file under Dir, sorted by name
}

// FileSize is a file's path relative to its folder, and its size in bytes.
type FileSize struct {
	Name string
	Size int64
}

// Bytes is the total size of the files.
func (f Folder) Bytes() int64 {
	var n int64
	for _, x := range f.Files {
		n += x.Size
	}
	return n
}

// Survey lists the table folders under the results folder root
// (root/grundy/mult=*), validating each with table.Open (which checks the
// files' sizes against the manifest), then the global game's
// (root/global/mult=*, Engine "global-sweep", see surveyGlobal), the other
// files under root (n-times nim tables, reports, figures) with their
// sizes, and what stopped runs left ([tablebuild.Leftovers], in root,
// root/grundy, root/global and every Grundy table folder).
//
// With full, each valid table is also read through (table.Table.Check) and its
// files' SHA-256 compared with its manifest (table.Table.CheckHashes), which
// costs two passes over every file; ctx stops it.
func Survey(ctx context.Context, root string, full bool) (folders []Folder, others, leftovers []FileSize, err error) {
	if st, err := os.Stat(root); err != nil {
		return nil, nil, nil, err
	} else if !st.IsDir() {
		return nil, nil, nil, errors.New(root + " is not a folder")
	}
	found, err := table.MultFolders(filepath.Join(root, "grundy"))
	if err != nil {
		return nil, nil, nil, err
	}
	for _, d := range []string{root, filepath.Join(root, "grundy"), filepath.Join(root, globalnim.Folder)} {
		l, err := leftoversIn(d)
		if err != nil {
			return nil, nil, nil, err
		}
		leftovers = append(leftovers, l...)
	}
	for _, mf := range found {
		f := Folder{Dir: mf.Dir, Mult: mf.Mult, Err: mf.Err, DenseN: -1}
		if f.Files, err = listFiles(f.Dir); err != nil {
			return nil, nil, nil, err
		}
		l, err := leftoversIn(f.Dir)
		if err != nil {
			return nil, nil, nil, err
		}
		leftovers = append(leftovers, l...)
		if f.Err == nil {
			var t *table.Table
			if t, f.Err = table.Open(f.Dir); f.Err == nil {
				f.N, f.Engine, f.Breakpoints, f.DenseN = t.N(), t.Meta()[table.MetaEngine], t.HasBreakpoints(), t.DenseN()
				f.Manifest = t.Manifest() != nil
				f.MaxValue, f.Err = t.MaxValue()
				if f.Err == nil && full && f.Manifest {
					f.Err = t.CheckHashes(ctx)
				}
				if f.Err == nil && full {
					f.Err = t.Check(ctx)
				}
				if ctx.Err() != nil {
					t.Close()
					return nil, nil, nil, ctx.Err()
				}
				t.Close()
			}
		}
		folders = append(folders, f)
	}
	gf, err := surveyGlobal(ctx, root, full)
	if err != nil {
		return nil, nil, nil, err
	}
	folders = append(folders, gf...)
	all, err := listFiles(root)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, x := range all {
		if !strings.HasPrefix(x.Name, "grundy"+string(filepath.Separator)) && !strings.HasPrefix(x.Name, globalnim.Folder+string(filepath.Separator)) {
			others = append(others, x)
		}
	}
	return folders, others, leftovers, nil
}

// leftoversIn is tablebuild.Leftovers of dir, with their sizes.
func leftoversIn(dir string) ([]FileSize, error) {
	paths, err := tablebuild.Leftovers(dir)
	if err != nil {
		return nil, err
	}
	out := make([]FileSize, len(paths))
	for i, p := range paths {
		out[i] = FileSize{Name: p, Size: du(p)}
	}
	return out, nil
}

// du is the size of the regular files under path.
func du(path string) int64 {
	var n int64
	filepath.Walk(path, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
		return nil
	})
	return n
}

// listFiles lists the regular files under dir, skipping hidden ones (a
// run in progress, temporary files).
func listFiles(dir string) ([]FileSize, error) {
	var out []FileSize
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			out = append(out, FileSize{Name: rel, Size: info.Size()})
		}
		return nil
	})
	return out, err
}

// surveyGlobal lists the global game's table folders under root for
// Survey, in increasing a: N is M, MaxValue the largest G(x, y, y). It
// checks what the footers and the manifest say (globalnim.Footers:
// positions.parquet's metadata and rows, one breakpoint file for each
// value with the same M and multiplier, the files' sizes against the
// manifest); with full, it compares every file's SHA-256 with the
// manifest (globalnim.CheckHashes) and reads every row (globalnim.Open).
func surveyGlobal(ctx context.Context, root string, full bool) ([]Folder, error) {
	found, err := table.MultFolders(filepath.Join(root, globalnim.Folder))
	if err != nil {
		return nil, err
	}
	var folders []Folder
	for _, mf := range found {
		f := Folder{Dir: mf.Dir, Mult: mf.Mult, Err: mf.Err, DenseN: -1, Engine: globalnim.Engine, Breakpoints: true}
		if f.Files, err = listFiles(f.Dir); err != nil {
			return nil, err
		}
		if f.Err == nil {
			f.N, f.MaxValue, f.Err = globalnim.Footers(f.Dir, f.Mult)
		}
		if f.Err == nil {
			_, merr := globalnim.ReadManifest(f.Dir)
			f.Manifest = merr == nil
		}
		if f.Err == nil && full && f.Manifest {
			f.Err = globalnim.CheckHashes(ctx, f.Dir)
		}
		if f.Err == nil && full {
			_, f.Err = globalnim.Open(f.Dir)
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		folders = append(folders, f)
	}
	return folders, nil
}
