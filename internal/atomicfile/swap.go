package atomicfile

import (
	"errors"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// SwapDir puts the folder staging in place of the folder target. Where
// target exists, the two are exchanged in one step (renameat2 with
// RENAME_EXCHANGE, which ext4, xfs, btrfs and tmpfs support), so that at
// every instant target names either its old content or the new one, and
// the old content is left at staging for the caller to remove; old is
// then staging. Where target does not exist, staging is renamed to it and
// old is "". Both must be on one filesystem. The parent folder is synced.
//
// On a filesystem that cannot exchange, it renames target to
// staging+".old" first and staging to target next: for a moment target
// does not exist (a reader then finds no table, never a mixed one), and a
// crash between the two renames leaves the old table at old, where
// package tablebuild finds it.
func SwapDir(staging, target string) (old string, err error) {
	parent := filepath.Dir(target)
	if _, err := os.Lstat(target); errors.Is(err, os.ErrNotExist) {
		if err := os.Rename(staging, target); err != nil {
			return "", err
		}
		return "", SyncDir(parent)
	}
	err = unix.Renameat2(unix.AT_FDCWD, staging, unix.AT_FDCWD, target, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP) {
		old = staging + ".old"
		if err := os.Rename(target, old); err != nil {
			return "", err
		}
		if err := os.Rename(staging, target); err != nil {
			return old, err
		}
		return old, SyncDir(parent)
	}
	if err != nil {
		return "", err
	}
	if d := filepath.Dir(staging); d != parent {
		if err := SyncDir(d); err != nil {
			return staging, err
		}
	}
	return staging, SyncDir(parent)
}
