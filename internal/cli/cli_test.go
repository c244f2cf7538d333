package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"testing"
)

func TestReport(t *testing.T) {
	for _, c := range []struct {
		err    error
		status int
		out    string
	}{
		{nil, 0, ""},
		{flag.ErrHelp, 0, ""},
		{Usagef("-n %q is not a number\nmore", "x"), 2, "p: -n \"x\" is not a number (see help)\n"},
		{fmt.Errorf("wrapped: %w", UsageError{"bad flag"}), 2, "p: bad flag (see help)\n"},
		{errors.New("disk full\nsecond line"), 1, "p: disk full\n"},
	} {
		var b bytes.Buffer
		if got := report(&b, "p", "see help", c.err); got != c.status || b.String() != c.out {
			t.Errorf("report(%v) = %d, %q; want %d, %q", c.err, got, b.String(), c.status, c.out)
		}
	}
}
