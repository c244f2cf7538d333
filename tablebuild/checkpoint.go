package tablebuild

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
)

// A checkpoint lets a killed breakpoint run resume. It holds the run's
// parameters, the last value g whose breakpoint file is complete, R_g (as
// the engine holds it: rows or runs) and the start-value counts so far,
// and a CRC of all of it.
type checkpoint struct {
	N, G        int
	P, Q        uint64
	breakpoints bool
	R           *grundy.Layer
	counts      *grundy.StartCounts
}

// checkpointMagic names the format. 2: the breakpoint files beside the
// checkpoint hold runs (table.Breakpoint); a run left by an older fibnim
// is not resumed, since its files have a row per n. 3: the start values
// are 2 bytes each (uint16, little-endian), not 1, so that G(n) up to
// grundy.MaxStartValue fits. 4: R_G is held as rows or as runs, as the
// engine (v3) holds it; the layout is
//
//	magic, N, G, P, Q, breakpoints, runs (uint64 each: runs is the number
//	of runs of R_G, or 2^64-1 for rows), R_G (4 bytes per row, or 12 per
//	run: n, r, len as uint32), G(n, n) then G(n, n-1) (2 bytes per row
//	each), CRC-32 of all before it.
const checkpointMagic = "FIBNIMCK4"

// checkpointFamily is the part of the magic that every version shares: a
// file that has it with another version is a checkpoint of another fibnim.
const checkpointFamily = "FIBNIMCK"

// checkpointBytes is the size of a checkpoint of size N at most: 8 bytes
// per row when R_g is held as rows, less as runs.
func checkpointBytes(N int) int64 {
	return int64(len(checkpointMagic)) + 6*8 + 8*int64(N+1) + 4
}

// rowsMark stands for "R_G is held as rows" in the header's runs field.
const rowsMark = ^uint64(0)

// save writes c to path through a temporary file, renamed at the end
// (atomicfile, the one such writer), so an earlier checkpoint at path
// stays whole until the new one is. It
// stops with ctx's error within a write of syncBytes: a checkpoint at
// N = 10^9 is 8 GB, seconds to minutes of disk, and Ctrl-C must not wait
// for it.
func (c *checkpoint) save(ctx context.Context, path string) error {
	tmp, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer tmp.Abort() // a no-op once committed
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(&syncWriter{ctx: ctx, f: tmp.File}, crc), 1<<20)
	bp := uint64(0)
	if c.breakpoints {
		bp = 1
	}
	runs := rowsMark
	if c.R.IsRuns() {
		runs = uint64(c.R.Runs())
	}
	bw.WriteString(checkpointMagic)
	for _, x := range []uint64{uint64(c.N), uint64(c.G), c.P, c.Q, bp, runs} {
		binary.Write(bw, binary.LittleEndian, x)
	}
	if c.R.IsRuns() {
		for rs := range c.R.RunSlices() {
			if err = writeRuns(bw, rs); err != nil {
				break
			}
		}
	} else {
		for _, rows := range c.R.Rows() {
			if err = writeUint32s(bw, rows); err != nil {
				break
			}
		}
	}
	// The counts as of value G, read so as not to race with the sweeps for
	// later values that are writing to them (StartCounts.Checkpoint).
	buf := make([]byte, 0, 2<<16)
	for pass := 0; pass < 2 && err == nil; pass++ {
		for n0, rows := range c.R.Rows() {
			for lo := 0; lo < len(rows) && err == nil; lo += 1 << 16 {
				buf = buf[:0]
				for i, r := range rows[lo:min(lo+1<<16, len(rows))] {
					f, s := c.counts.Checkpoint(c.G, r, n0+lo+i)
					if pass == 1 {
						f = s
					}
					buf = binary.LittleEndian.AppendUint16(buf, f)
				}
				_, err = bw.Write(buf)
			}
			if err != nil {
				break
			}
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = binary.Write(tmp, binary.LittleEndian, crc.Sum32())
	}
	if err != nil {
		return err
	}
	return tmp.Commit()
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
	var hdr [6]uint64
	if err := binary.Read(tr, binary.LittleEndian, &hdr); err != nil {
		return nil, fmt.Errorf("%s: truncated checkpoint", path)
	}
	if int(hdr[0]) != N || hdr[2] != a.P || hdr[3] != a.Q || (hdr[4] == 1) != breakpoints {
		return nil, errStale
	}
	c := &checkpoint{N: N, G: int(hdr[1]), P: a.P, Q: a.Q, breakpoints: breakpoints, counts: grundy.NewStartCounts(N)}
	if hdr[5] == rowsMark {
		c.R = grundy.NewRowLayer(N)
		buf := make([]uint32, 1<<16)
		for n0 := 0; n0 <= N; n0 += len(buf) {
			b := buf[:min(len(buf), N+1-n0)]
			if err := readUint32s(tr, b); err != nil {
				c.R.Free()
				return nil, fmt.Errorf("%s: truncated checkpoint", path)
			}
			c.R.Fill(n0, b)
		}
	} else {
		if hdr[5] > uint64(N)+1 {
			return nil, fmt.Errorf("%s: checkpoint claims %d runs in %d rows", path, hdr[5], N+1)
		}
		runs := make([]grundy.Run, hdr[5])
		if err := readRuns(tr, runs); err != nil {
			return nil, fmt.Errorf("%s: truncated checkpoint", path)
		}
		l, err := grundy.NewRunLayer(N, runs)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		c.R = l
	}
	fail := func(err error) (*checkpoint, error) {
		c.R.Free()
		return nil, err
	}
	buf := make([]byte, 1<<16)
	for pass := 0; pass < 2; pass++ {
		for lo := 0; lo <= N; lo += len(buf) / 2 {
			b := buf[:2*min(len(buf)/2, N+1-lo)]
			if _, err := io.ReadFull(tr, b); err != nil {
				return fail(fmt.Errorf("%s: truncated checkpoint", path))
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
		return fail(fmt.Errorf("%s: checkpoint fails its CRC", path))
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

// writeRuns writes runs as three little-endian uint32 each.
func writeRuns(w io.Writer, runs []grundy.Run) error {
	buf := make([]byte, 0, 12*1024)
	for i, r := range runs {
		buf = binary.LittleEndian.AppendUint32(buf, r.N)
		buf = binary.LittleEndian.AppendUint32(buf, r.R)
		buf = binary.LittleEndian.AppendUint32(buf, r.Len)
		if len(buf) == cap(buf) || i == len(runs)-1 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	return nil
}

// readRuns fills runs from what writeRuns wrote.
func readRuns(r io.Reader, runs []grundy.Run) error {
	buf := make([]byte, 12*1024)
	for len(runs) > 0 {
		b := buf[:12*min(len(runs), len(buf)/12)]
		if _, err := io.ReadFull(r, b); err != nil {
			return err
		}
		for i := 0; i < len(b); i += 12 {
			runs[i/12] = grundy.Run{N: binary.LittleEndian.Uint32(b[i:]), R: binary.LittleEndian.Uint32(b[i+4:]), Len: binary.LittleEndian.Uint32(b[i+8:])}
		}
		runs = runs[len(b)/12:]
	}
	return nil
}
