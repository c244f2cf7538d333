package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// CheckDir checks, before any work, that dir can be made and written:
// dir is a folder that takes a new file, or the nearest folder above it
// that exists does. It creates nothing that stays: only a probe file,
// removed at once. The error is one line.
func CheckDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case err == nil && !st.IsDir():
		return fmt.Errorf("output folder %s is a file", dir)
	case err == nil:
		return probe(dir, "output folder "+dir)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("output folder %s: %v", dir, PathErr(err))
	}
	up := dir
	for {
		parent := filepath.Dir(up)
		if parent == up {
			return fmt.Errorf("cannot create output folder %s: no folder above it exists", dir)
		}
		up = parent
		st, err := os.Stat(up)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("cannot create output folder %s: %v", dir, PathErr(err))
		}
		if !st.IsDir() {
			return fmt.Errorf("cannot create output folder %s: %s is a file", dir, up)
		}
		return probe(up, "cannot create output folder "+dir+": "+up)
	}
}

// CheckFile checks, before any work, that the file path can be written:
// its folder exists and takes a new file, and path is not a folder. It
// creates nothing that stays. The error is one line.
func CheckFile(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a folder", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot write %s: folder %s: %v", path, dir, PathErr(err))
	}
	if !st.IsDir() {
		return fmt.Errorf("cannot write %s: %s is a file", path, dir)
	}
	return probe(dir, "cannot write "+path+": folder "+dir)
}

// probe creates and removes a file in dir; what names the folder in the
// error.
func probe(dir, what string) error {
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return fmt.Errorf("%s is not writable: %v", what, PathErr(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}
