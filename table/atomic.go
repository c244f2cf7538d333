package table

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"fibnim/internal/atomicfile"
)

// Leftovers lists what stopped runs left in the folder dir: unfinished
// FileSet journals (the next run of that command finishes them), staging
// folders of table runs (".mult=A.staging": a run that can be resumed) and
// their swap markers, and the .run/ folders of table runs made before
// staging folders, with their sizes.
func Leftovers(dir string) ([]FileSize, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []FileSize
	for _, e := range entries {
		name := e.Name()
		switch {
		case atomicfile.IsJournal(name),
			strings.HasSuffix(name, StagingSuffix) || strings.HasSuffix(name, StagingSuffix+".old"),
			strings.HasPrefix(name, ".mult=") && strings.HasSuffix(name, ".swap"),
			name == runDir:
			p := filepath.Join(dir, name)
			out = append(out, FileSize{Name: p, Size: du(p)})
		}
	}
	return out, nil
}

// du is the size of the files under path.
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
