package tablebuild

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/internal/atomicfile"
	"fibnim/internal/tablewrite"
)

// The hidden files and folders of a run, beside the table folder
// ROOT/grundy/mult=A (see package table for the folder itself):
//
//	ROOT/grundy/.mult=A.staging/   a run in progress: the new table as it
//	                               is made, and .checkpoint.bin; swapped in
//	                               when complete (StagingDir)
//	ROOT/grundy/.mult=A.lock       the lock a writer holds (its pid, command)
//	ROOT/grundy/.mult=A.swap       a swap in progress (swapMarker)
//
// The global game's table folders, ROOT/global/mult=A (Global), have the
// same three beside them, in ROOT/global.
const (
	// stagingSuffix ends the name of a table folder's staging folder.
	stagingSuffix = ".staging"

	// swapSuffix ends the name of a table folder's swap marker.
	swapSuffix = ".swap"

	// lockSuffix ends the name of a table folder's lock.
	lockSuffix = ".lock"

	// runDir is where runs made before staging folders kept their work,
	// inside the table folder.
	runDir = ".run"

	// oldGlobalTmp is in the name of the hidden folder, .mult=A.tmp-NNN
	// beside the table folder, in which global runs made before staging
	// folders wrote their files.
	oldGlobalTmp = ".tmp-"
)

// StagingDir is the folder, beside the table folder dir, in which a run
// makes the new table before it is swapped in (atomicfile.SwapDir).
func StagingDir(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+stagingSuffix)
}

// lockFile is the file, beside the table folder dir, that a writer of dir
// locks for its whole run.
func lockFile(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+lockSuffix)
}

// swapMarker is the file, beside the table folder dir, that a run writes
// just before it swaps its staging folder in and removes once the old
// table is gone: it holds the SHA-256 of the new manifest, which tells a
// later run whether the swap happened.
func swapMarker(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+swapSuffix)
}

// oldRunDir is the .run/ folder that runs made before staging folders
// left inside the table folder dir.
func oldRunDir(dir string) string { return filepath.Join(dir, runDir) }

// Leftovers lists what stopped runs left in the folder dir, by path:
// unfinished FileSet journals (the next run of that command finishes
// them), staging folders of table runs (".mult=A.staging", Grundy or
// global: a run that can be resumed or completed) and their swap markers,
// and the .run/ and .mult=A.tmp-NNN folders of Grundy and global runs
// made before staging folders.
func Leftovers(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case atomicfile.IsJournal(name),
			strings.HasSuffix(name, stagingSuffix) || strings.HasSuffix(name, stagingSuffix+".old"),
			strings.HasPrefix(name, "."+grundy.FolderPrefix) && strings.HasSuffix(name, swapSuffix),
			strings.HasPrefix(name, "."+grundy.FolderPrefix) && strings.Contains(name, oldGlobalTmp),
			name == runDir:
			out = append(out, filepath.Join(dir, name))
		}
	}
	return out, nil
}

// LeftoverAdvice says what a leftover of a stopped run (Leftovers) is and
// how to remove it, in one line for compute info. A staging folder or swap
// marker in a folder named globalnim.Folder belongs to compute global, any
// other to compute grundy.
func LeftoverAdvice(path string) string {
	base := filepath.Base(path)
	cmd := "compute grundy"
	if filepath.Base(filepath.Dir(path)) == globalnim.Folder {
		cmd = "compute global"
	}
	switch {
	case atomicfile.IsJournal(base):
		return "an unfinished set of outputs: the command that writes them completes it when run again, or rm " + path
	case strings.HasSuffix(base, stagingSuffix) && cmd == "compute global":
		return "an unfinished global run: the next compute global of that table commits it if it is complete, else removes it and starts over; or rm -rf " + path
	case strings.HasSuffix(base, stagingSuffix):
		return "an unfinished table run: the same compute grundy resumes or completes it, or rm -rf " + path
	case strings.HasSuffix(base, swapSuffix):
		return "an unfinished swap: the next " + cmd + " of that table completes it"
	case strings.Contains(base, oldGlobalTmp):
		return "an unfinished run of an earlier fibnim's compute global (nothing to resume): rm -rf " + path
	case base == runDir:
		return "an unfinished run of an earlier fibnim: compute grundy with its parameters resumes it, or rm -rf " + path
	}
	return "rm -rf " + path
}

// ErrInterrupted is returned, wrapped, by Run and Global when their
// context is cancelled: the earlier table is left as it was. It is the
// writers' own (internal/tablewrite), so that errors.Is finds it
// whichever file's write was stopped.
var ErrInterrupted = tablewrite.ErrInterrupted
