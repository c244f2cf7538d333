package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// File is a temporary file in the folder of its destination. Write to it
// (it is an *os.File), then Commit it into place, or Abort it.
type File struct {
	*os.File
	path string
	done bool // committed or aborted
}

// Create starts a file that Commit puts at path; path's folder must exist.
// The file has mode 0644, whatever the umask of os.CreateTemp gives.
func Create(path string) (*File, error) {
	name := filepath.Base(path)
	if !strings.HasPrefix(name, ".") { // a hidden file (.checkpoint.bin) stays one dot: ".checkpoint.bin.tmp-*"
		name = "." + name
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), name+".tmp-*")
	if err != nil {
		return nil, err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	return &File{File: tmp, path: path}, nil
}

// Path is where Commit puts the file.
func (f *File) Path() string { return f.path }

// Commit syncs the file, closes it, renames it to its path and syncs the
// folder, so that it survives a crash once Commit returns. On an error
// the temporary file is removed and the path left as it was.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: " + f.path + " committed or aborted already")
	}
	f.done = true
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return SyncDir(filepath.Dir(f.path))
}

// Abort discards the file; the path is left as it was. After a Commit, or
// another Abort, it does nothing, so that it can be deferred.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.Close()
	os.Remove(f.Name())
}

// Write puts data at path through a File.
func Write(path string, data []byte) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := f.File.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// SyncDir flushes the folder dir to disk, so that the files created,
// renamed or removed in it stay so after a crash (fsync of the folder).
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
