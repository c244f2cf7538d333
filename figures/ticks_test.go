package figures

import (
	"strings"
	"testing"
)

func TestNiceTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string // the labels, space separated
	}{
		{-0.5, 70, "0 10 20 30 40 50 60 70"},
		{0.9, 2.6, "1.0 1.2 1.4 1.6 1.8 2.0 2.2 2.4 2.6"},
		{0, 200, "0 20 40 60 80 100 120 140 160 180 200"},
		{-3, 3, "-3 -2 -1 0 1 2 3"},
	} {
		var got []string
		for _, tk := range (niceTicks{}).Ticks(c.lo, c.hi) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("niceTicks(%v, %v) = %q, want %q", c.lo, c.hi, s, c.want)
		}
	}
}

func TestDecadeTicks(t *testing.T) {
	var got []string
	for _, tk := range (decadeTicks{}).Ticks(1, 1e40) {
		if tk.Label != "" {
			got = append(got, tk.Label)
		}
	}
	if s := strings.Join(got, " "); s != "10^0 10^5 10^10 10^15 10^20 10^25 10^30 10^35 10^40" {
		t.Errorf("decadeTicks(1, 1e40) labels %q", s)
	}
	if n := len((decadeTicks{}).Ticks(1, 1000)); n != 28 {
		t.Errorf("decadeTicks(1, 1000): %d ticks, want 4 decades and 24 minor", n)
	}
}
