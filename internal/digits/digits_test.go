package digits

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestGroup(t *testing.T) {
	for _, c := range []struct {
		x    int64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {-1000, "-1,000"}, {-999, "-999"},
		{666666666, "666,666,666"}, {1234567, "1,234,567"}, {100000, "100,000"},
		{math.MaxInt64, "9,223,372,036,854,775,807"}, {math.MinInt64, "-9,223,372,036,854,775,808"},
	} {
		if got := Group(c.x); got != c.want {
			t.Errorf("Group(%d) = %q, want %q", c.x, got, c.want)
		}
	}
	// Removing the commas gives the number back, for every length.
	for x := int64(1); x > 0 && x < math.MaxInt64/7; x = x*7 + 3 {
		for _, y := range []int64{x, -x} {
			if got := strings.ReplaceAll(Group(y), ",", ""); got != strconv.FormatInt(y, 10) {
				t.Fatalf("Group(%d) = %q", y, Group(y))
			}
		}
	}
}
