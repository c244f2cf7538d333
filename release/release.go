package release

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"fibnim/internal/atomicfile"
	"fibnim/internal/filehash"
	"fibnim/provenance"
)

// Dir is the release folder under a results folder, and SumsFile the name
// of its checksum file.
const (
	Dir      = "release"
	SumsFile = "SHA256SUMS"
)

// byproducts are the extensions of files pdflatex leaves beside the note.
var byproducts = map[string]bool{".aux": true, ".log": true, ".out": true, ".toc": true}

// Files lists the result files under root, as slash-separated paths
// relative to it, sorted.
func Files(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if rel == Dir || (rel != "." && strings.HasPrefix(e.Name(), ".")) {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(e.Name(), ".") || byproducts[filepath.Ext(rel)] || !e.Type().IsRegular() {
			return nil
		}
		files = append(files, rel)
		return nil
	})
	sort.Strings(files)
	return files, err
}

// Sums is the SHA256SUMS of files under root: "HEX  PATH" a line.
func Sums(ctx context.Context, root string, files []string) ([]byte, error) {
	var b bytes.Buffer
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		_, h, err := filehash.File(ctx, filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%s  %s\n", h, f)
	}
	return b.Bytes(), nil
}

// Config is what Write needs besides the results folder.
type Config struct {
	Citation string // CITATION.cff
	Note     string // the note's PDF; "" to leave it out
	Revision string // of the program that writes the release
}

// Write writes root/release/ and returns the number of files summed.
func Write(ctx context.Context, root string, cfg Config) (int, error) {
	out := filepath.Join(root, Dir)
	files, err := Files(root)
	if err != nil {
		return 0, err
	}
	if len(files) == 0 {
		return 0, fmt.Errorf("no result files under %s", root)
	}
	sums, err := Sums(ctx, root, files)
	if err != nil {
		return 0, err
	}
	// The folder is made once the sums are there: a release stopped while
	// they are computed (the long part) leaves no empty release/.
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	rec, perr := provenance.Read(root)
	if perr != nil && !errors.Is(perr, os.ErrNotExist) {
		return 0, perr
	}
	var size int64
	for _, f := range files {
		st, err := os.Stat(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			return 0, err
		}
		size += st.Size()
	}
	copies := map[string]string{"CITATION.cff": cfg.Citation}
	if cfg.Note != "" {
		copies[filepath.Base(cfg.Note)] = cfg.Note
	}
	if perr == nil {
		copies[provenance.File] = filepath.Join(root, provenance.File)
	}
	for name, from := range copies {
		b, err := os.ReadFile(from)
		if err != nil {
			return 0, err
		}
		if err := atomicfile.Write(filepath.Join(out, name), b); err != nil {
			return 0, err
		}
	}
	if err := atomicfile.Write(filepath.Join(out, "PROVENANCE.md"), provenanceMD(rec, len(files), size, cfg)); err != nil {
		return 0, err
	}
	// The sums last: a release whose SHA256SUMS is there is complete.
	if err := atomicfile.Write(filepath.Join(out, SumsFile), sums); err != nil {
		return 0, err
	}
	return len(files), nil
}

func provenanceMD(rec provenance.Record, files int, size int64, cfg Config) []byte {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("# Provenance of this release")
	w("")
	w("Written by `compute release` (fibnim revision %s). `%s` holds the SHA-256 of the %d result files (%.1f MiB) under the", cfg.Revision, SumsFile, files, float64(size)/(1<<20))
	w("results folder, paths relative to it: `cd results && sha256sum -c release/%s` checks them, as `compute release -check` does.", SumsFile)
	w("`CITATION.cff` says how to cite the software and the papers; the note's PDF, where there is one, is beside this file.")
	w("")
	if len(rec.Runs) == 0 {
		w("The results folder holds no run record (provenance.json): how its tables were made is not known to this release.")
		return b.Bytes()
	}
	w("## Tables and the runs that made them")
	w("")
	w("From `provenance.json` (copied here): one record per command and table, the latest run of each.")
	w("")
	w("| run | N | what | revision | started (UTC) | wall time | peak RSS | command |")
	w("|---|---|---|---|---|---|---|---|")
	for _, r := range rec.Runs {
		var ns, what []string
		for _, t := range r.Tables {
			ns = append(ns, fmt.Sprint(t.N))
			what = append(what, t.What)
		}
		rss := "-"
		if r.PeakRSSBytes >= 0 {
			rss = fmt.Sprintf("%.1f MiB", float64(r.PeakRSSBytes)/(1<<20))
		}
		w("| %s | %s | %s | %s | %s | %.1f s | %s | `%s` |", r.Key, strings.Join(ns, ", "), strings.Join(what, ", "), r.Revision,
			r.Started.Format("2006-01-02 15:04:05"), r.WallSeconds, rss, strings.Join(r.Command, " "))
	}
	w("")
	w("## Machines")
	w("")
	seen := map[string]bool{}
	for _, r := range rec.Runs {
		m := r.Machine
		line := fmt.Sprintf("%s/%s, %d CPUs", m.GOOS, m.GOARCH, m.CPUs)
		if m.CPUModel != "" {
			line += " (" + m.CPUModel + ")"
		}
		if m.MemoryBytes > 0 {
			line += fmt.Sprintf(", %.1f GiB", float64(m.MemoryBytes)/(1<<30))
		}
		line += ", " + r.GoVersion
		if !seen[line] {
			seen[line] = true
			w("- %s", line)
		}
	}
	return b.Bytes()
}

// Verify recomputes the sums of root/release/SHA256SUMS and returns how
// many files it checked and those whose sum differs or that cannot be
// read, each with the reason.
func Verify(ctx context.Context, root string) (checked int, bad []string, err error) {
	f, err := os.Open(filepath.Join(root, Dir, SumsFile))
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return checked, bad, err
		}
		want, path, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(want) != 64 {
			return checked, bad, fmt.Errorf("%s: line %q is not \"SHA256  PATH\"", SumsFile, sc.Text())
		}
		checked++
		_, got, err := filehash.File(ctx, filepath.Join(root, filepath.FromSlash(path)))
		switch {
		case err != nil:
			bad = append(bad, path+": "+err.Error())
		case got != want:
			bad = append(bad, path+": SHA-256 "+got+", the release says "+want)
		}
	}
	return checked, bad, sc.Err()
}
