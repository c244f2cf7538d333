package tablewrite

import (
	"strconv"

	"fibnim/grundy"
	"fibnim/table"
)

// Meta is the metadata of a table's files: the run's parameters and the
// source revision, and no timestamps, so that reruns reproduce the files
// byte for byte.
func Meta(engine string, N int, a grundy.Multiplier, denseMax int, revision string) map[string]string {
	return map[string]string{
		table.MetaEngine:   engine,
		table.MetaN:        strconv.Itoa(N),
		table.MetaMult:     a.String(),
		table.MetaDenseMax: strconv.Itoa(denseMax),
		table.MetaRevision: revision,
		"fibnim.game":      "position (n,r); removing k<=r leads to (n-k, min(floor(a*k), n-k)); start (n, n-1)",
	}
}
