package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/parquet-go/parquet-go"

	"fibnim/internal/cli"
	"fibnim/table"
)

// runExport writes any of the pipeline's Parquet files as CSV or JSON
// lines, for readers without a Parquet library (the notebooks fall back to
// it when pyarrow is missing).
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export", stderr)
	in := fs.String("in", "", "Parquet file to export (required)")
	format := fs.String("format", "csv", "csv or json (one JSON object per line)")
	out := fs.String("out", "", "output file (default: FILE with .csv or .jsonl beside the input; - for stdout)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute export -in FILE.parquet [-format csv|json] [-out FILE]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *in == "" {
		return usagef("export: -in is required")
	}
	if *format != "csv" && *format != "json" {
		return usagef("-format %q: want csv or json", *format)
	}
	if _, err := os.Stat(*in); err != nil {
		return usagef("-in %s: %v", *in, cli.PathErr(err))
	}
	dst := *out
	if dst == "" {
		ext := ".csv"
		if *format == "json" {
			ext = ".jsonl"
		}
		dst = strings.TrimSuffix(*in, ".parquet") + ext
	}
	f, err := os.Open(*in)
	if err != nil {
		return err
	}
	defer f.Close()
	st, _ := f.Stat()
	var pf *parquet.File
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%s: %w (%v)", *in, table.ErrCorrupt, p)
			}
		}()
		pf, err = parquet.OpenFile(f, st.Size())
	}()
	if err != nil {
		return fmt.Errorf("%s: %w (%v)", *in, table.ErrCorrupt, err)
	}
	var w io.Writer = stdout
	var tmp *os.File
	if dst != "-" {
		tmp, err = os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-*")
		if err != nil {
			return err
		}
		defer os.Remove(tmp.Name())
		w = tmp
	}
	if err := exportRows(ctx, pf, *format, w); err != nil {
		if tmp != nil {
			tmp.Close()
		}
		return fmt.Errorf("%s: %w", *in, err)
	}
	if tmp != nil {
		if err := tmp.Close(); err != nil {
			return err
		}
		os.Chmod(tmp.Name(), 0o644)
		if err := os.Rename(tmp.Name(), dst); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "export: wrote %s\n", dst)
	}
	return nil
}

func exportRows(ctx context.Context, pf *parquet.File, format string, w io.Writer) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w (%v)", table.ErrCorrupt, p)
		}
	}()
	schema := pf.Schema()
	var names []string
	for _, col := range schema.Fields() {
		names = append(names, col.Name())
	}
	cw := csv.NewWriter(w)
	enc := json.NewEncoder(w)
	if format == "csv" {
		cw.Write(names)
	}
	r := parquet.NewReader(pf)
	defer r.Close()
	buf := make([]parquet.Row, 4096)
	rec := make([]string, len(names))
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		n, rerr := r.ReadRows(buf)
		for _, row := range buf[:n] {
			obj := map[string]any{}
			for i := range rec {
				rec[i] = ""
			}
			row.Range(func(col int, vals []parquet.Value) bool {
				if col < len(rec) && len(vals) > 0 {
					v := vals[0]
					switch v.Kind() {
					case parquet.ByteArray:
						rec[col] = string(v.ByteArray())
						obj[names[col]] = rec[col]
					case parquet.Boolean:
						rec[col] = fmt.Sprint(v.Boolean())
						obj[names[col]] = v.Boolean()
					case parquet.Double, parquet.Float:
						rec[col] = fmt.Sprint(v.Double())
						obj[names[col]] = v.Double()
					default:
						rec[col] = fmt.Sprint(v.Int64())
						obj[names[col]] = v.Int64()
					}
				}
				return true
			})
			if format == "csv" {
				cw.Write(rec)
			} else if err := enc.Encode(obj); err != nil {
				return err
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return fmt.Errorf("%w (%v)", table.ErrCorrupt, rerr)
		}
	}
	cw.Flush()
	return cw.Error()
}
