package build

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"

	"fibnim/grundy"
	"fibnim/table"
)

// A checkpoint lets a killed breakpoint run resume. It holds the run's
// parameters, the last value g whose breakpoint file is complete, R_g and
// the start-value counts so far, and a CRC of all of it.
type checkpoint struct {
	N, G        int
	P, Q        uint64
	breakpoints bool
	R           []uint32
	counts      *grundy.StartCounts
}

// checkpointMagic names the format. 2: the breakpoint files beside the
// checkpoint hold runs (table.Breakpoint); a run left by an older fibnim
// is not resumed, since its files have a row per n. 3: the start values
// are 2 bytes each (uint16, little-endian), not 1, so that G(n) up to
// grundy.MaxStartValue fits; the layout is
//
//	magic, N, G, P, Q, breakpoints (uint64 each), R_G (4 bytes per row),
//	G(n, n) then G(n, n-1) (2 bytes per row each), CRC-32 of all before it.
const checkpointMagic = "FIBNIMCK3"

// checkpointFamily is the part of the magic that every version shares: a
// file that has it with another version is a checkpoint of another fibnim.
const checkpointFamily = "FIBNIMCK"

// checkpointBytes is the size of a checkpoint of size N: 8 bytes per row.
func checkpointBytes(N int) int64 {
	return int64(len(checkpointMagic)) + 5*8 + 8*int64(N+1) + 4
}

// save writes c to path through a temporary file, renamed at the end, so
// an earlier checkpoint at path stays whole until the new one is. It
// stops with ctx's error within a write of syncBytes: a checkpoint at
// N = 10^9 is 8 GB, seconds to minutes of disk, and Ctrl-C must not wait
// for it.
func (c *checkpoint) save(ctx context.Context, path string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".checkpoint.tmp-*")
	if err != nil {
		return err
	}
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(&syncWriter{ctx: ctx, f: tmp}, crc), 1<<20)
	bp := uint64(0)
	if c.breakpoints {
		bp = 1
	}
	bw.WriteString(checkpointMagic)
	for _, x := range []uint64{uint64(c.N), uint64(c.G), c.P, c.Q, bp} {
		binary.Write(bw, binary.LittleEndian, x)
	}
	err = writeUint32s(bw, c.R)
	// The counts as of value G, read so as not to race with the sweeps for
	// later values that are writing to them (StartCounts.Checkpoint).
	const chunk = 1 << 15 // rows per write
	buf := make([]byte, 0, 2*chunk)
	for pass := 0; pass < 2 && err == nil; pass++ {
		for lo := 0; lo <= c.N && err == nil; lo += chunk {
			buf = buf[:0]
			for n := lo; n < min(lo+chunk, c.N+1); n++ {
				f, s := c.counts.Checkpoint(c.G, c.R, n)
				if pass == 1 {
					f = s
				}
				buf = binary.LittleEndian.AppendUint16(buf, f)
			}
			_, err = bw.Write(buf)
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = binary.Write(tmp, binary.LittleEndian, crc.Sum32())
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return table.SyncDir(filepath.Dir(path))
}

var errStale = errors.New("checkpoint is for other parameters")

// errOldFormat is a checkpoint of another fibnim (another magic of the
// family): not resumed, and not an error either, like errStale.
var errOldFormat = errors.New("checkpoint is in the format of another fibnim version")

// loadCheckpoint reads a checkpoint if it matches the parameters.
func loadCheckpoint(path string, N int, a grundy.Multiplier, breakpoints bool) (*checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	crc := crc32.NewIEEE()
	br := bufio.NewReaderSize(f, 1<<20)
	tr := io.TeeReader(br, crc)
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(tr, magic); err != nil || string(magic) != checkpointMagic {
		if err == nil && string(magic[:len(checkpointFamily)]) == checkpointFamily {
			return nil, errOldFormat
		}
		return nil, fmt.Errorf("%s: not a checkpoint", path)
	}
	var hdr [5]uint64
	if err := binary.Read(tr, binary.LittleEndian, &hdr); err != nil {
		return nil, fmt.Errorf("%s: truncated checkpoint", path)
	}
	if int(hdr[0]) != N || hdr[2] != a.P || hdr[3] != a.Q || (hdr[4] == 1) != breakpoints {
		return nil, errStale
	}
	c := &checkpoint{N: N, G: int(hdr[1]), P: a.P, Q: a.Q, breakpoints: breakpoints, R: make([]uint32, N+1), counts: grundy.NewStartCounts(N)}
	if err := readUint32s(tr, c.R); err != nil {
		return nil, fmt.Errorf("%s: truncated checkpoint", path)
	}
	buf := make([]byte, 1<<16)
	for pass := 0; pass < 2; pass++ {
		for lo := 0; lo <= N; lo += len(buf) / 2 {
			b := buf[:2*min(len(buf)/2, N+1-lo)]
			if _, err := io.ReadFull(tr, b); err != nil {
				return nil, fmt.Errorf("%s: truncated checkpoint", path)
			}
			for i := 0; i < len(b); i += 2 {
				v := binary.LittleEndian.Uint16(b[i:])
				if pass == 0 {
					c.counts.SetG(lo+i/2, int(v))
				} else {
					c.counts.SetStart(lo+i/2, int(v))
				}
			}
		}
	}
	var sum uint32
	want := crc.Sum32()
	if err := binary.Read(br, binary.LittleEndian, &sum); err != nil || sum != want {
		return nil, fmt.Errorf("%s: checkpoint fails its CRC", path)
	}
	return c, nil
}

// writeUint32s writes xs little-endian through a small buffer (binary.Write
// would first copy all of it).
// syncBytes is how much of a checkpoint is written between two syncs: the
// last sync then has little left to do, and a cancelled save stops after
// at most this much more (about 0.7 s at 50 MB/s).
const syncBytes = 32 << 20

// syncWriter writes to f, syncs it every syncBytes, and fails with ctx's
// error once ctx is done.
type syncWriter struct {
	ctx     context.Context
	f       *os.File
	pending int
}

func (w *syncWriter) Write(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := w.f.Write(p)
	w.pending += n
	if err == nil && w.pending >= syncBytes {
		err, w.pending = w.f.Sync(), 0
	}
	return n, err
}

func writeUint32s(w io.Writer, xs []uint32) error {
	buf := make([]byte, 0, 1<<16)
	for i, x := range xs {
		buf = binary.LittleEndian.AppendUint32(buf, x)
		if len(buf) == cap(buf) || i == len(xs)-1 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	return nil
}

// readUint32s fills xs from little-endian bytes through a small buffer.
func readUint32s(r io.Reader, xs []uint32) error {
	buf := make([]byte, 1<<16)
	for len(xs) > 0 {
		b := buf[:4*min(len(xs), len(buf)/4)]
		if _, err := io.ReadFull(r, b); err != nil {
			return err
		}
		for i := 0; i < len(b); i += 4 {
			xs[i/4] = binary.LittleEndian.Uint32(b[i:])
		}
		xs = xs[len(b)/4:]
	}
	return nil
}
