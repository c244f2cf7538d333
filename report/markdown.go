package report

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"fibnim/internal/atomicfile"
)

// doc builds one Markdown file.
type doc struct{ bytes.Buffer }

// newDoc starts a document with its title.
func newDoc(title string) *doc {
	d := &doc{}
	d.line("# %s", title)
	d.line("")
	return d
}

// line writes one formatted line.
func (d *doc) line(format string, args ...any) {
	fmt.Fprintf(&d.Buffer, format, args...)
	d.WriteByte('\n')
}

// section starts a section of level 2 (or more, with more #).
func (d *doc) section(hashes, title string) {
	d.line("%s %s", hashes, title)
	d.line("")
}

// header starts a table with the given columns.
func (d *doc) header(cols ...string) {
	d.row(cols...)
	d.WriteString("|" + strings.Repeat("---|", len(cols)) + "\n")
}

// row writes one table row.
func (d *doc) row(cells ...string) {
	d.WriteByte('|')
	for _, c := range cells {
		d.WriteString(" " + c + " |")
	}
	d.WriteByte('\n')
}

// File is one rendered output: its name, relative to the folder it is
// written to, and its contents.
type File struct {
	Name string
	Data []byte
}

// WriteFiles writes each file into dir, each through a temporary file and
// a rename.
func WriteFiles(dir string, files ...File) error {
	for _, f := range files {
		if err := atomicfile.Write(filepath.Join(dir, f.Name), f.Data); err != nil {
			return err
		}
	}
	return nil
}
