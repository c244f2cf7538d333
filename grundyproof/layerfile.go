package grundyproof

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"

	"fibnim/automatic"
	"fibnim/grundy"
	"fibnim/internal/atomicfile"
)

// A layer file holds one threshold layer of the breakpoint engine on disk,
// R'_g(n) = min(R_g(n), n+1) for n = 0..N, 4 bytes a row, so that a learner
// reads the rows it needs (ReadAt: a pread of one range) and its memory
// does not grow with the table.
//
// Layout (little-endian): a 64-byte header
//
//	[0:8]   magic "FNLAYER1"
//	[8:12]  g
//	[12:16] 0 (reserved)
//	[16:24] P, [24:32] Q: the multiplier a = P/Q (2/1 for Fibonacci nim)
//	[32:40] N
//	[40:64] the first 24 bytes of the SHA-256 of the rows
//
// then N+1 rows of uint32. A file whose size is not 64 + 4(N+1), or whose
// magic differs, is refused on opening; Verify recomputes the hash.
const (
	layerMagic      = "FNLAYER1"
	layerHeaderSize = 64
)

// LayerFileName is the name WriteLayerFiles gives the file of R'_g.
func LayerFileName(g int) string { return fmt.Sprintf("R%d.layer", g) }

// WriteLayerFiles streams R_1..R_G (G the largest of gs) of the breakpoint
// engine for multiplier a and n = 0..N in one pass (grundy.FirstLayers)
// and writes dir/R<g>.layer for each g of gs. Each file appears complete
// or not at all (atomicfile); a cancelled ctx leaves none and returns its
// error within one block of the engine. progress, if not nil, is called
// with each block's first row.
func WriteLayerFiles(ctx context.Context, dir string, a grundy.Multiplier, N int, gs []int, progress func(n0 int)) error {
	G := 0
	for _, g := range gs {
		if g < 1 {
			return fmt.Errorf("grundyproof: layer %d", g)
		}
		G = max(G, g)
	}
	if N < 1 || N > grundy.MaxBreakpointN || G == 0 {
		return fmt.Errorf("grundyproof: WriteLayerFiles(N=%d, gs=%v)", N, gs)
	}
	type out struct {
		g int
		f *atomicfile.File
		w *bufio.Writer
		h hash.Hash
	}
	var outs []*out
	defer func() {
		for _, o := range outs {
			o.f.Abort()
		}
	}()
	for _, g := range gs {
		f, err := atomicfile.Create(filepath.Join(dir, LayerFileName(g)))
		if err != nil {
			return err
		}
		o := &out{g: g, f: f, w: bufio.NewWriterSize(f, 1<<20), h: sha256.New()}
		outs = append(outs, o)
		if _, err := o.w.Write(make([]byte, layerHeaderSize)); err != nil {
			return err
		}
	}
	var buf []byte
	for n0, R := range grundy.FirstLayers(ctx, N, a, G) {
		if progress != nil {
			progress(n0)
		}
		for _, o := range outs {
			rows := R[o.g-1]
			buf = buf[:0]
			for i, r := range rows {
				buf = binary.LittleEndian.AppendUint32(buf, min(r, uint32(n0+i+1)))
			}
			o.h.Write(buf)
			if _, err := o.w.Write(buf); err != nil {
				return err
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, o := range outs {
		if err := o.w.Flush(); err != nil {
			return err
		}
		hdr := layerHeader(o.g, a, uint64(N), o.h.Sum(nil))
		if _, err := o.f.WriteAt(hdr, 0); err != nil {
			return err
		}
		if err := o.f.Commit(); err != nil {
			return err
		}
	}
	outs = nil
	return nil
}

func layerHeader(g int, a grundy.Multiplier, N uint64, sum []byte) []byte {
	h := make([]byte, layerHeaderSize)
	copy(h, layerMagic)
	binary.LittleEndian.PutUint32(h[8:], uint32(g))
	binary.LittleEndian.PutUint64(h[16:], a.P)
	binary.LittleEndian.PutUint64(h[24:], a.Q)
	binary.LittleEndian.PutUint64(h[32:], N)
	copy(h[40:], sum[:24])
	return h
}

// LayerFile is an open layer file (WriteLayerFiles): R'_G(n) for n = 0..N.
type LayerFile struct {
	G    int
	A    grundy.Multiplier
	N    uint64
	f    *os.File
	sum  [24]byte
	buf  []byte
	Read int64 // rows read so far (ReadAt)
}

// OpenLayerFile opens a layer file and checks its header and size; it
// refuses a foreign or incomplete file.
func OpenLayerFile(path string) (*LayerFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	l, err := openLayer(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return l, nil
}

func openLayer(f *os.File) (*LayerFile, error) {
	h := make([]byte, layerHeaderSize)
	if _, err := io.ReadFull(f, h); err != nil {
		return nil, errors.New("not a layer file (too short)")
	}
	if !bytes.Equal(h[:8], []byte(layerMagic)) {
		return nil, errors.New("not a layer file (magic)")
	}
	l := &LayerFile{f: f}
	l.G = int(binary.LittleEndian.Uint32(h[8:]))
	l.A = grundy.Multiplier{P: binary.LittleEndian.Uint64(h[16:]), Q: binary.LittleEndian.Uint64(h[24:])}
	l.N = binary.LittleEndian.Uint64(h[32:])
	copy(l.sum[:], h[40:])
	if l.G < 1 || l.A.Q == 0 || l.N > grundy.MaxBreakpointN {
		return nil, fmt.Errorf("layer file header out of range (g %d, a %d/%d, N %d)", l.G, l.A.P, l.A.Q, l.N)
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if want := int64(layerHeaderSize) + 4*int64(l.N+1); st.Size() != want {
		return nil, fmt.Errorf("layer file of %d bytes, want %d for N = %d (incomplete?)", st.Size(), want, l.N)
	}
	return l, nil
}

// Rows returns N+1: a LayerFile is an automatic.FunctionTable.
func (l *LayerFile) Rows() uint64 { return l.N + 1 }

// ReadAt fills dst with R'_G(n0), ..., R'_G(n0+len(dst)-1) (one pread).
func (l *LayerFile) ReadAt(dst []uint32, n0 uint64) error {
	if n0+uint64(len(dst)) > l.N+1 {
		return fmt.Errorf("grundyproof: rows %d..%d beyond the layer file's N = %d", n0, n0+uint64(len(dst))-1, l.N)
	}
	need := 4 * len(dst)
	if cap(l.buf) < need {
		l.buf = make([]byte, need)
	}
	b := l.buf[:need]
	if _, err := l.f.ReadAt(b, layerHeaderSize+4*int64(n0)); err != nil {
		return err
	}
	for i := range dst {
		dst[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	l.Read += int64(len(dst))
	return nil
}

// Verify reads the whole file and checks the hash of its rows.
func (l *LayerFile) Verify(ctx context.Context) error {
	h := sha256.New()
	r := io.NewSectionReader(l.f, layerHeaderSize, 4*int64(l.N+1))
	buf := make([]byte, 1<<22)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		k, err := r.Read(buf)
		h.Write(buf[:k])
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if got := h.Sum(nil); !bytes.Equal(got[:24], l.sum[:]) {
		return fmt.Errorf("grundyproof: layer file R'_%d: rows hash %s, header says %s", l.G, hex.EncodeToString(got[:24]), hex.EncodeToString(l.sum[:]))
	}
	return nil
}

// Close closes the file.
func (l *LayerFile) Close() error { return l.f.Close() }

// Identity names the layer file's contents: its g, multiplier, N and the
// hash of its rows.
func (l *LayerFile) Identity() string {
	return fmt.Sprintf("R'_%d a=%d/%d N=%d rows-sha256-24=%s", l.G, l.A.P, l.A.Q, l.N, hex.EncodeToString(l.sum[:]))
}

// BoundFileName is the name Run gives the distinguishing set of R'_g's
// classes (automatic.DistinguishingSet) when T_g does not converge on a
// layer file: R<g>.bound, beside R<g>.layer.
func BoundFileName(g int) string { return fmt.Sprintf("R%d.bound", g) }

// CheckBoundFile checks the distinguishing set in path against the layer
// file at layerPath (its rows hashed and matched against its header, and
// its identity against the set's) in the numeration of the layer's
// multiplier, and returns the lower bound it certifies on the states of
// any automaton of R'_g's graph.
func CheckBoundFile(ctx context.Context, path, layerPath string) (int, *LayerFile, error) {
	l, err := OpenLayerFile(layerPath)
	if err != nil {
		return 0, nil, err
	}
	defer l.Close()
	if err := l.Verify(ctx); err != nil {
		return 0, l, err
	}
	sys, err := SystemOf(l.A)
	if err != nil {
		return 0, l, err
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, l, err
	}
	defer f.Close()
	ds, err := automatic.ReadDistinguishingSet(f)
	if err != nil {
		return 0, l, fmt.Errorf("%s: %w", path, err)
	}
	if ds.Table != l.Identity() {
		return 0, l, fmt.Errorf("%s is about the table %q, the layer file is %q", path, ds.Table, l.Identity())
	}
	k, err := automatic.CheckDistinguishingSet(ctx, l, sys.NS, ds)
	return k, l, err
}

// writeBound writes the distinguishing set of a LearnTable run on the
// layer file l to dir/R<g>.bound and returns the bound it certifies
// (checked against l before it is written).
func writeBound(ctx context.Context, dir string, l *LayerFile, ns *automatic.Numeration, res automatic.LearnTableResult) (int, error) {
	ds, err := automatic.DistinguishingSetOf(ctx, l, ns, l.Identity(), res)
	if err != nil {
		return 0, err
	}
	k, err := automatic.CheckDistinguishingSet(ctx, l, ns, ds)
	if err != nil {
		return 0, err
	}
	var b bytes.Buffer
	if err := automatic.WriteDistinguishingSet(&b, ds); err != nil {
		return 0, err
	}
	return k, atomicfile.Write(filepath.Join(dir, BoundFileName(l.G)), b.Bytes())
}
