package table

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"fibnim/grundy"
)

// The one listing and the one ordering of the folders mult=A of a results
// folder: the Grundy tables (ROOT/grundy/mult=A, Dir) and the global
// game's (ROOT/global/mult=A, package globalnim) are listed by
// MultFolders or Mults, and every list of multipliers is ordered by
// CompareMults, so that verify, the deep check, info and the atlas give
// their tables in one order.

// MultFolder is a folder mult=A found by MultFolders.
type MultFolder struct {
	Dir  string            // parent/mult=A, as found
	Mult grundy.Multiplier // A, from the name (grundy.ParseFolder); zero where Err is set
	Err  error             // why the name names no multiplier, or nil
}

// CompareMults orders multipliers by value, exactly: p/q < p'/q' iff
// p q' < p' q (both below 2^31, so the products fit). It returns -1, 0
// or +1, for slices.SortFunc.
func CompareMults(a, b grundy.Multiplier) int {
	return cmp.Compare(a.P*b.Q, b.P*a.Q)
}

// SortMults sorts multipliers by value (CompareMults), keeping the order
// of equal ones.
func SortMults(mults []grundy.Multiplier) {
	slices.SortStableFunc(mults, CompareMults)
}

// MultFolders lists the folders named mult=A directly under parent (a
// results folder's grundy/ or global/), in increasing a; a folder whose
// name names no multiplier comes last, with Err set, in the order of the
// names. A parent that does not exist holds none: nil, nil.
func MultFolders(parent string) ([]MultFolder, error) {
	entries, err := os.ReadDir(parent)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []MultFolder
	for _, e := range entries {
		a, ok, err := grundy.ParseFolderName(e.Name())
		if !ok || !e.IsDir() {
			continue
		}
		f := MultFolder{Dir: filepath.Join(parent, e.Name()), Mult: a, Err: err}
		if f.Err != nil {
			f.Mult = grundy.Multiplier{}
		}
		out = append(out, f)
	}
	slices.SortStableFunc(out, func(x, y MultFolder) int {
		if x.Err != nil || y.Err != nil {
			return cmp.Compare(badName(x), badName(y))
		}
		return CompareMults(x.Mult, y.Mult)
	})
	return out, nil
}

// Mults lists the multipliers of the folders mult=A under parent, in
// increasing a (MultFolders). A folder whose name names no multiplier is
// an error that names it.
func Mults(parent string) ([]grundy.Multiplier, error) {
	folders, err := MultFolders(parent)
	if err != nil {
		return nil, err
	}
	mults := make([]grundy.Multiplier, 0, len(folders))
	for _, f := range folders {
		if f.Err != nil {
			return nil, fmt.Errorf("%s: %v", f.Dir, f.Err)
		}
		mults = append(mults, f.Mult)
	}
	return mults, nil
}

// badName is 1 for a folder whose name names no multiplier, else 0.
func badName(f MultFolder) int {
	if f.Err != nil {
		return 1
	}
	return 0
}
