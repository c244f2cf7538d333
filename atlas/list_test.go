package atlas

import (
	"strings"
	"testing"

	"fibnim/grundy"
)

func strs(ms []grundy.Multiplier) string {
	var s []string
	for _, a := range ms {
		s = append(s, a.String())
	}
	return strings.Join(s, ",")
}

func TestParseList(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"2", "2"},
		{"7/2, 2, 3.5, 14/4", "2,7/2"},       // sorted, each value once
		{"3..5,4", "3,4,5"},                  // ntimes' range syntax
		{"farey:2:2", "1,3/2,2"},             // p/q <= 2 with q <= 2
		{"farey:2:3", "1,4/3,3/2,5/3,2"},     // lowest terms only: 2/2, 4/2, 3/3, 6/3 are 1 and 2
		{"farey:5/2:2,10", "1,3/2,2,5/2,10"}, // MAX may be a fraction
		{"farey:1:12", "1"},                  // the interval [1, 1]
		{"1,farey:3:1", "1,2,3"},
	} {
		got, err := ParseList(c.spec)
		if err != nil || strs(got) != c.want {
			t.Errorf("ParseList(%q) = %s, %v; want %s", c.spec, strs(got), err, c.want)
		}
	}
}

// farey:10:12, the list the issue asks for, against a count straight from
// the definition: every p/q with gcd 1, q <= 12, 1 <= p/q <= 10.
func TestFareyCount(t *testing.T) {
	got, err := ParseList("farey:10:12")
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for q := 1; q <= 12; q++ {
		for p := q; p <= 10*q; p++ {
			if gcd(uint64(p), uint64(q)) == 1 {
				want++
			}
		}
	}
	if len(got) != want || want != 415 {
		t.Fatalf("farey:10:12 has %d multipliers, the definition %d (415 expected)", len(got), want)
	}
	for i := 1; i < len(got); i++ {
		if !Less(got[i-1], got[i]) {
			t.Fatalf("not increasing at %s, %s", got[i-1], got[i])
		}
	}
}

func TestParseListErrors(t *testing.T) {
	for _, spec := range []string{"", "  ", ",", "2,,3", "0.5", "3/0", "abc", "5..3", "0..3", "1..x",
		"farey:10", "farey:10:0", "farey:x:3", "farey:1/2:3", "farey:10:3:1", "farey:100000:100", "1..200000"} {
		if got, err := ParseList(spec); err == nil {
			t.Errorf("ParseList(%q) = %s, want an error", spec, strs(got))
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseList(%q): error on more than one line: %v", spec, err)
		}
	}
}
