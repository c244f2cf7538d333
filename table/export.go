package table

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// Export writes the rows of any of the pipeline's Parquet files to w as
// CSV (a header, then a line per row) or as JSON lines (format "csv" or
// "json"), for readers without a Parquet library. Every value is printed
// exactly or not at all: a column it cannot print exactly (nested, or of a
// logical type it does not decode) is an error before any row is written.
// A file that cannot be read is ErrCorrupt. Errors name path.
func Export(ctx context.Context, path, format string, w io.Writer) error {
	return ExportWith(ctx, path, format, w, ExportOptions{})
}

// ExportOptions narrows what [ExportWith] writes: the common case of a
// reader who wants a range of n, or a few columns, from a large file.
type ExportOptions struct {
	// Columns are the columns written, in this order; nil writes every
	// column. A name the file does not have is an error.
	Columns []string
	// With Range, only the rows whose column n lies in [From, To] are
	// written; a file without a column n is an error. The row groups and
	// pages that the file's page index puts outside the range are not read,
	// so a range costs what it holds, not what the file holds.
	Range    bool
	From, To int64
}

// ColumnError is the error of [ExportWith] for a column that opt asks for
// and the file does not have: one of opt.Columns, or, with Range, a
// column n of plain values to take the range of.
type ColumnError struct {
	Column string
	Have   []string // the file's columns
	Range  bool     // the column n that opt.Range needs
}

func (e *ColumnError) Error() string {
	if e.Range {
		return fmt.Sprintf("no column n to take a range of: the file has %s", strings.Join(e.Have, ", "))
	}
	return fmt.Sprintf("no column %q: the file has %s", e.Column, strings.Join(e.Have, ", "))
}

// ExportWith is [Export] narrowed by opt.
func ExportWith(ctx context.Context, path, format string, w io.Writer, opt ExportOptions) (err error) {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	var pf *parquet.File
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%w (%v)", ErrCorrupt, p)
			}
		}()
		pf, err = parquet.OpenFile(f, st.Size())
	}()
	if err != nil {
		return fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
	}
	if err := exportRows(ctx, pf, format, w, opt); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func exportRows(ctx context.Context, pf *parquet.File, format string, w io.Writer, opt ExportOptions) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w (%v)", ErrCorrupt, p)
		}
	}()
	schema := pf.Schema()
	var all []string
	index := map[string]int{}
	for i, col := range schema.Fields() {
		all = append(all, col.Name())
		index[col.Name()] = i
	}
	// sel: the file's columns written, in the order asked.
	var sel []int
	if opt.Columns == nil {
		for i := range all {
			sel = append(sel, i)
		}
	}
	for _, c := range opt.Columns {
		i, ok := index[c]
		if !ok {
			return &ColumnError{Column: c, Have: all}
		}
		sel = append(sel, i)
	}
	nCol := -1
	if opt.Range {
		i, ok := index["n"]
		if !ok || !schema.Fields()[i].Leaf() || schema.Fields()[i].Repeated() {
			return &ColumnError{Column: "n", Have: all, Range: true}
		}
		nCol = i
	}
	fields := schema.Fields()
	names := make([]string, len(sel))
	decode := make([]func(parquet.Value) (string, any), len(fields))
	list := make([]bool, len(fields)) // a repeated column: a list per row
	for k, i := range sel {
		names[k] = all[i]
		d, err := columnDecoder(fields[i])
		if err != nil {
			return err
		}
		decode[i], list[i] = d, fields[i].Repeated()
	}
	// out[i]: where column i goes in a record, or -1.
	out := make([]int, len(fields))
	for i := range out {
		out[i] = -1
	}
	for k, i := range sel {
		out[i] = k
	}
	cw := csv.NewWriter(w)
	enc := json.NewEncoder(w)
	if format == "csv" {
		cw.Write(names)
	}
	buf := make([]parquet.Row, 4096)
	rec := make([]string, len(sel))
	for _, rg := range pf.RowGroups() {
		first := int64(0)
		if opt.Range {
			var skip bool
			if first, skip = rangeStart(rg, nCol, opt.From, opt.To); skip {
				continue
			}
		}
		done, err := exportGroup(ctx, rg, first, buf, func(row parquet.Row) (bool, error) {
			obj := map[string]any{}
			for i := range rec {
				rec[i] = ""
			}
			in := !opt.Range
			row.Range(func(col int, vals []parquet.Value) bool {
				if col == nCol && len(vals) > 0 && !vals[0].IsNull() {
					n := vals[0].Int64()
					in = n >= opt.From && n <= opt.To
				}
				if col >= len(out) || out[col] < 0 {
					return true
				}
				k := out[col]
				switch {
				case list[col]:
					// A list: an array in JSON; in CSV its numbers
					// space-separated, and a list of strings (which may
					// hold spaces: "not run") as a JSON array, so that
					// both are exact. An empty list is one null value.
					strs, elems, text := []string{}, []any{}, false
					for _, v := range vals {
						if !v.IsNull() {
							s, e := decode[col](v)
							strs, elems = append(strs, s), append(elems, e)
							_, isString := e.(string)
							text = text || isString
						}
					}
					rec[k], obj[names[k]] = strings.Join(strs, " "), elems
					if text {
						b, err := json.Marshal(elems)
						if err != nil {
							panic(err) // strings always marshal
						}
						rec[k] = string(b)
					}
				case len(vals) > 0 && !vals[0].IsNull():
					rec[k], obj[names[k]] = decode[col](vals[0])
				}
				return true
			})
			if !in {
				return true, nil
			}
			if format == "csv" {
				return true, cw.Write(rec)
			}
			return true, enc.Encode(obj)
		})
		if err != nil {
			return err
		}
		_ = done
	}
	cw.Flush()
	return cw.Error()
}

// rangeStart returns the first row of rg that may hold an n in [from, to],
// from the page index of column nCol, and whether rg holds none. Without
// a page index every row may.
func rangeStart(rg parquet.RowGroup, nCol int, from, to int64) (first int64, skip bool) {
	cc := rg.ColumnChunks()[nCol]
	ci, err := cc.ColumnIndex()
	if err != nil {
		return 0, false
	}
	oi, err := cc.OffsetIndex()
	if err != nil || oi.NumPages() != ci.NumPages() {
		return 0, false
	}
	firstPage := -1
	for p := 0; p < ci.NumPages(); p++ {
		if ci.NullPage(p) {
			continue
		}
		lo, hi := ci.MinValue(p).Int64(), ci.MaxValue(p).Int64()
		if hi >= from && lo <= to {
			firstPage = p
			break
		}
	}
	if firstPage < 0 {
		return 0, true
	}
	return oi.FirstRowIndex(firstPage), false
}

// exportGroup reads the rows of rg from row first on and calls fn on each.
func exportGroup(ctx context.Context, rg parquet.RowGroup, first int64, buf []parquet.Row, fn func(parquet.Row) (bool, error)) (bool, error) {
	rows := rg.Rows()
	defer rows.Close()
	if first > 0 {
		if err := rows.SeekToRow(first); err != nil {
			return false, fmt.Errorf("%w (%v)", ErrCorrupt, err)
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		n, rerr := rows.ReadRows(buf)
		for _, row := range buf[:n] {
			if more, err := fn(row); err != nil || !more {
				return false, err
			}
		}
		if rerr == io.EOF {
			return true, nil
		}
		if rerr != nil {
			return false, fmt.Errorf("%w (%v)", ErrCorrupt, rerr)
		}
	}
}

// columnDecoder returns how export prints the values of a column, or an
// error for a column it cannot print exactly (nested, or a logical type it
// does not decode), so that it never prints a wrong value. A repeated
// column of plain values (the atlas's h, say) is a list per row; this
// decodes its elements.
// DECIMAL is printed exactly from its unscaled integer.
func columnDecoder(col parquet.Field) (func(parquet.Value) (string, any), error) {
	if !col.Leaf() {
		return nil, fmt.Errorf("column %s is nested, which export does not flatten", col.Name())
	}
	t := col.Type()
	kind := t.Kind()
	if lt := t.LogicalType(); lt != nil && lt.Value != nil {
		switch v := lt.Value.(type) {
		case *format.DecimalType:
			scale := int(v.Scale)
			return func(x parquet.Value) (string, any) {
				var u *big.Int
				switch kind {
				case parquet.Int32, parquet.Int64:
					u = big.NewInt(x.Int64())
				default: // big-endian two's complement
					b := x.ByteArray()
					u = new(big.Int).SetBytes(b)
					if len(b) > 0 && b[0]&0x80 != 0 {
						u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
					}
				}
				s := decimalString(u, scale)
				return s, json.Number(s)
			}, nil
		case *format.StringType, *format.EnumType, *format.JsonType:
		case *format.IntType:
			if !v.IsSigned && v.BitWidth == 64 {
				return func(x parquet.Value) (string, any) { return fmt.Sprint(x.Uint64()), x.Uint64() }, nil
			}
		default:
			return nil, fmt.Errorf("column %s has logical type %s, which export does not decode", col.Name(), lt)
		}
	}
	switch kind {
	case parquet.ByteArray:
		return func(x parquet.Value) (string, any) { s := string(x.ByteArray()); return s, s }, nil
	case parquet.Boolean:
		return func(x parquet.Value) (string, any) { return fmt.Sprint(x.Boolean()), x.Boolean() }, nil
	case parquet.Double, parquet.Float:
		return func(x parquet.Value) (string, any) { return fmt.Sprint(x.Double()), x.Double() }, nil
	case parquet.Int32, parquet.Int64:
		return func(x parquet.Value) (string, any) { return fmt.Sprint(x.Int64()), x.Int64() }, nil
	}
	return nil, fmt.Errorf("column %s has physical type %s, which export does not decode", col.Name(), t)
}

// decimalString writes u * 10^-scale exactly.
func decimalString(u *big.Int, scale int) string {
	s := new(big.Int).Abs(u).String()
	if scale > 0 {
		for len(s) <= scale {
			s = "0" + s
		}
		s = s[:len(s)-scale] + "." + s[len(s)-scale:]
	} else if scale < 0 {
		s += strings.Repeat("0", -scale)
	}
	if u.Sign() < 0 {
		s = "-" + s
	}
	return s
}
