package grundyproof

import (
	"errors"
	"path/filepath"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }

func filepathGlob(dir, pattern string) ([]string, error) {
	return filepath.Glob(filepath.Join(dir, pattern))
}
