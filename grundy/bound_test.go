package grundy

import "testing"

// TestFirstWithValueBound checks the bound against h(g) read off the dense
// engine for n <= 3000 and several multipliers: no pile below the bound
// has a value of g or more.
func TestFirstWithValueBound(t *testing.T) {
	t.Parallel()
	const N = 3000
	for _, s := range []string{"1", "3/2", "2", "5/2", "3", "7/2", "10"} {
		a, _ := ParseMultiplier(s)
		tab, err := Dense(N, a, 2)
		if err != nil {
			t.Fatal(err)
		}
		top := 0
		for n := 0; n <= N; n++ {
			for ; top < tab.Full(n); top++ {
				// h(top+1) = n
				if b := FirstWithValueBound(a, top+1); int64(n) < b {
					t.Errorf("a=%s: G(%d) = %d, but the bound puts h(%d) at %d or later", s, n, tab.Full(n), top+1, b)
				}
			}
		}
	}
}

// G(n) = n up to NimPrefix(a), on the dense engine, for multipliers whose
// prefix is inside the table, and not one row further for these.
func TestNimPrefix(t *testing.T) {
	for _, s := range []string{"1", "3/2", "2", "7/2", "10", "100", "1000/3"} {
		a, _ := ParseMultiplier(s)
		p := NimPrefix(a)
		tab, err := Dense(int(p)+1, a, 2)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= int(p); n++ {
			if tab.Full(n) != n {
				t.Fatalf("a=%s: G(%d) = %d, but NimPrefix = %d", s, n, tab.Full(n), p)
			}
		}
		if g := tab.Full(int(p) + 1); g == int(p)+1 {
			t.Errorf("a=%s: G(%d) = %d: the prefix goes on past NimPrefix", s, p+1, g)
		}
	}
}

// The figures quoted in the doc comment, computed by hand: for a = 1 the
// sum of 1..65535, for a = 2 the sum of ceil(v/2).
func TestFirstWithValueBoundFigures(t *testing.T) {
	for _, c := range []struct {
		a    Multiplier
		g    int
		want int64
	}{
		{Multiplier{1, 1}, 0, 0},
		{Multiplier{1, 1}, 1, 0},
		{Multiplier{1, 1}, 256, 255 * 256 / 2},
		{Multiplier{1, 1}, MaxStartValue + 1, 65535 * 65536 / 2},
		{Fibonacci, MaxStartValue + 1, 65535*65536/4 + 32768/2},
	} {
		if got := FirstWithValueBound(c.a, c.g); got != c.want {
			t.Errorf("FirstWithValueBound(%s, %d) = %d, want %d", c.a, c.g, got, c.want)
		}
	}
}
