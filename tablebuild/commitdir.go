package tablebuild

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fibnim/internal/atomicfile"
	"fibnim/internal/filehash"
	"fibnim/table"
)

// The commit step of a table folder whatever its format: the staging
// folder, complete with its manifest (manifest.json, written last), is
// swapped in for the table folder. Global and Run (commit and
// finishCommit in build.go, which also drop the breakpoint engine's
// checkpoint) use these.

// commitStaged swaps the complete staging folder stage in for the table
// folder dir and removes the old table. The swap marker, written first,
// holds the SHA-256 of the new manifest and tells a later run which of the
// two folders is the new table if this one stops after the swap
// (finishStaged).
func commitStaged(dir, stage string) error {
	_, sum, err := filehash.File(context.Background(), filepath.Join(stage, table.ManifestFile))
	if err != nil {
		return err
	}
	marker := swapMarker(dir)
	if err := atomicfile.Write(marker, []byte(sum+"\n")); err != nil {
		return err
	}
	old, err := atomicfile.SwapDir(stage, dir)
	if err != nil {
		return err
	}
	if err := failpoint("swapped"); err != nil {
		return err
	}
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return err
		}
	}
	if err := os.Remove(marker); err != nil {
		return err
	}
	return atomicfile.SyncDir(filepath.Dir(dir))
}

// finishStaged completes the commit of a run that stopped after writing
// its swap marker (commitStaged): if the table folder holds the new
// manifest, the swap happened and the staging folder holds the old table,
// which goes; if the staging folder does, the swap is made now. It first
// completes a swap that a filesystem without RENAME_EXCHANGE made in two
// renames and that stopped between them (atomicfile.SwapDir): complete
// says whether a folder holds a complete table (its manifest is there).
func finishStaged(dir, stage string, complete func(string) bool, logf func(string, ...any)) error {
	if err := finishTwoRenames(dir, stage, complete, logf); err != nil {
		return err
	}
	marker := swapMarker(dir)
	b, err := os.ReadFile(marker)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	want := strings.TrimSpace(string(b))
	sum := func(d string) string {
		_, s, _ := filehash.File(context.Background(), filepath.Join(d, table.ManifestFile))
		return s
	}
	switch want {
	case sum(dir):
		if _, err := os.Stat(stage); err == nil {
			logf("removing the old table that an earlier run swapped out to %s\n", stage)
			if err := os.RemoveAll(stage); err != nil {
				return err
			}
		}
	case sum(stage):
		logf("completing the swap of %s that an earlier run began\n", dir)
		return commitStaged(dir, stage)
	}
	return os.Remove(marker)
}

// finishTwoRenames completes a swap that a filesystem without
// RENAME_EXCHANGE made in two renames and that stopped between them
// (atomicfile.SwapDir): the old table is at stage.old, the new one still
// in stage.
func finishTwoRenames(dir, stage string, complete func(string) bool, logf func(string, ...any)) error {
	old := stage + ".old"
	if _, err := os.Stat(old); err != nil {
		return nil
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		if complete(stage) {
			logf("completing the swap of %s that an earlier run began\n", dir)
			if err := os.Rename(stage, dir); err != nil {
				return err
			}
		} else {
			logf("restoring the table in %s that an earlier run moved aside\n", dir)
			if err := os.Rename(old, dir); err != nil {
				return err
			}
			return atomicfile.SyncDir(filepath.Dir(dir))
		}
	}
	return os.RemoveAll(old)
}
