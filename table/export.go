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
func Export(ctx context.Context, path, format string, w io.Writer) (err error) {
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
	if err := exportRows(ctx, pf, format, w); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func exportRows(ctx context.Context, pf *parquet.File, format string, w io.Writer) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w (%v)", ErrCorrupt, p)
		}
	}()
	schema := pf.Schema()
	var names []string
	var decode []func(parquet.Value) (string, any)
	var list []bool // a repeated column: a list per row
	for _, col := range schema.Fields() {
		names = append(names, col.Name())
		d, err := columnDecoder(col)
		if err != nil {
			return err
		}
		decode = append(decode, d)
		list = append(list, col.Repeated())
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
				switch {
				case col >= len(rec):
				case list[col]:
					// A list: its elements space-separated in CSV, an
					// array in JSON; an empty list is one null value.
					strs, elems := []string{}, []any{}
					for _, v := range vals {
						if !v.IsNull() {
							s, e := decode[col](v)
							strs, elems = append(strs, s), append(elems, e)
						}
					}
					rec[col], obj[names[col]] = strings.Join(strs, " "), elems
				case len(vals) > 0 && !vals[0].IsNull():
					rec[col], obj[names[col]] = decode[col](vals[0])
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
			return fmt.Errorf("%w (%v)", ErrCorrupt, rerr)
		}
	}
	cw.Flush()
	return cw.Error()
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
