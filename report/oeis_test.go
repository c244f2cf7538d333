package report

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/ntimes"
)

// oeisSample is the b-files' data of a small a = 2 table (n <= 300),
// computed here with the dense engine, with F(3) for the A003411 text.
func oeisSample(t *testing.T) (*conjectures.OEISData, []conjectures.Result) {
	const N = 300
	tab, err := grundy.Dense(N, grundy.Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := &conjectures.OEISData{N: N}
	for n := 0; n <= N; n++ {
		d.G = append(d.G, uint16(tab.Full(n)))
		d.Start = append(d.Start, uint16(tab.Start(n)))
	}
	for n, g := range d.G {
		if int(g) == len(d.H) {
			d.H = append(d.H, int64(n))
		}
	}
	seq := ntimes.Sequence(big.NewRat(3, 1), 50)
	d.F = append(d.F, struct {
		A    grundy.Multiplier
		OEIS string
		Seq  *ntimes.Seq
	}{grundy.Multiplier{P: 3, Q: 1}, "A003411", seq})
	return d, []conjectures.Result{conjectures.CheckOEISA003411(seq)}
}

func TestOEISDrafts(t *testing.T) {
	d, checks := oeisSample(t)
	files := map[string]string{}
	for _, f := range OEIS(d, checks) {
		files[f.Name] = string(f.Data)
	}
	// Every b-file follows the OEIS rules, from its offset.
	for name, offset := range map[string]int{bStart: 1, "b_fibonacci_nim_h.txt": 0, "b_fibonacci_nim_G.txt": 0, "b_F_3.txt": 0} {
		if err := ValidBFile([]byte(files[name]), offset); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if !strings.HasPrefix(files[bStart], "1 0\n2 0\n3 0\n4 3\n5 0\n6 4\n") {
		t.Errorf("%s starts %q; want G(n, n-1) from n = 1 (Larsson & Rubinstein-Salzedo, Table 1: G(4, 3) = 3, G(6, 5) = 4)", bStart, files[bStart][:30])
	}
	for _, name := range []string{draftStart, draftH} {
		draft := files[name]
		tags := map[string]bool{}
		data := 0
		for _, line := range strings.Split(strings.TrimSuffix(draft, "\n"), "\n") {
			tag, rest, _ := strings.Cut(line, " ")
			if len(tag) != 2 || tag[0] != '%' || !strings.HasPrefix(rest, draftID) {
				t.Errorf("%s: line %q is not \"%%X A000000 ...\"", name, line)
			}
			tags[tag] = true
			if tag == "%S" || tag == "%T" || tag == "%U" {
				data += len(rest) - len(draftID) - 1
				if len(rest)-len(draftID)-1 > 70 {
					t.Errorf("%s: %s line longer than 70 characters: %q", name, tag, line)
				}
			}
		}
		for _, tag := range []string{"%I", "%S", "%T", "%U", "%N", "%H", "%F", "%e", "%o", "%Y", "%K", "%O", "%A"} {
			if !tags[tag] && !(name == draftH && (tag == "%T" || tag == "%U")) { // h has few terms below 300
				t.Errorf("%s has no %s line", name, tag)
			}
		}
		if data > 260 {
			t.Errorf("%s: %d characters of terms, more than the OEIS's 260", name, data)
		}
		for _, want := range []string{"at most twice the previous move", "A000045", "A003411", "A001581", "A014588", "Table of n, a(n) for n = "} {
			if !strings.Contains(draft, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
	for _, want := range []string{"%S A000000 0,0,0,3,0,4,4,0,5,", "%O A000000 1,4", "%e A000000 a(4) = 3: from (4, 3) the moves lead to (3, 2) of value 0, (2, 2) of value 2, (1, 1) of value 1"} {
		if !strings.Contains(files[draftStart], want) {
			t.Errorf("%s lacks %q:\n%s", draftStart, want, files[draftStart])
		}
	}
	if !strings.Contains(files[draftH], "%S A000000 0,1,2,3,5,8,12,16,22,33,") || !strings.Contains(files[draftH], "%O A000000 0,3") {
		t.Errorf("%s:\n%s", draftH, files[draftH])
	}
	readme := files["README.md"]
	for _, want := range []string{"search the live OEIS", "generating function (1 + x + x^2 + x^3 + x^4)/(1 - x - x^4)", "marks A003411's generating function \"conjectured\""} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md lacks %q", want)
		}
	}
}

// TestValidBFileCatches: every kind of broken b-file is refused.
func TestValidBFileCatches(t *testing.T) {
	good := "1 0\n2 0\n3 0\n4 3\n"
	if err := ValidBFile([]byte(good), 1); err != nil {
		t.Fatalf("a good b-file refused: %v", err)
	}
	for name, bad := range map[string]string{
		"no final newline": "1 0\n2 0",
		"two spaces":       "1  0\n2 0\n",
		"a tab":            "1\t0\n2 0\n",
		"CRLF":             "1 0\r\n2 0\r\n",
		"a gap":            "1 0\n3 0\n",
		"wrong offset":     "0 0\n1 0\n",
		"a comment":        "# G(n)\n1 0\n",
		"not ASCII":        "1 0\n2 −1\n",
		"a leading zero":   "1 00\n",
		"empty":            "",
	} {
		if err := ValidBFile([]byte(bad), 1); err == nil {
			t.Errorf("%s: accepted %q", name, bad)
		}
	}
}

// ValidBFile checks b against the OEIS rules for b-files: one line "n a(n)"
// per term, n from offset up by one, one space between, integers in
// decimal, ASCII only, every line ended by a newline (no CR), nothing else.
func ValidBFile(b []byte, offset int) error {
	if len(b) == 0 || b[len(b)-1] != '\n' {
		return fmt.Errorf("b-file: empty, or its last line has no newline")
	}
	for i, c := range b {
		if c > 0x7e || (c < 0x20 && c != '\n') {
			return fmt.Errorf("b-file: byte %d is %q, not printable ASCII", i, c)
		}
	}
	for i, line := range strings.Split(string(b[:len(b)-1]), "\n") {
		n, v, ok := strings.Cut(line, " ")
		if !ok || !isInt(n) || !isInt(v) {
			return fmt.Errorf("b-file: line %d is %q, not \"n a(n)\" with one space", i+1, line)
		}
		if n != fmt.Sprint(offset+i) {
			return fmt.Errorf("b-file: line %d has n = %s, want %d", i+1, n, offset+i)
		}
	}
	return nil
}

func isInt(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// FuzzValidBFile: the project's b-file reader (ValidBFile, which the
// tests hold every b-file to) returns an error or nil on any bytes, never
// panics or hangs, and accepts only what it promises: lines "n a(n)" with
// n counting up from the offset (issue 33, T6).
func FuzzValidBFile(f *testing.F) {
	f.Add([]byte("1 1\n2 1\n3 2\n"), 1)
	f.Add([]byte("0 0\n1 1\n"), 0)
	f.Add([]byte("1 01\n"), 1)
	f.Add([]byte("1 -5\r\n"), 1)
	f.Fuzz(func(t *testing.T, b []byte, offset int) {
		if ValidBFile(b, offset) != nil {
			return
		}
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		for i, line := range lines {
			n, _, _ := strings.Cut(line, " ")
			if n != fmt.Sprint(offset+i) {
				t.Fatalf("accepted line %d %q with offset %d", i+1, line, offset)
			}
		}
	})
}
