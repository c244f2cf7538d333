package filehash

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
)

// File returns the size of the file at path and its SHA-256 in hex.
// It stops within a megabyte when ctx is done.
func File(ctx context.Context, path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	buf := make([]byte, 1<<20)
	var size int64
	for {
		if err := ctx.Err(); err != nil {
			return 0, "", err
		}
		n, err := f.Read(buf)
		h.Write(buf[:n])
		size += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, "", err
		}
	}
	return size, hex.EncodeToString(h.Sum(nil)), nil
}
