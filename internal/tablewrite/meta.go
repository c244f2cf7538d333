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

// GlobalMeta is the metadata of a global table's files.
func GlobalMeta(M int, a grundy.Multiplier, revision string) map[string]string {
	return map[string]string{
		table.MetaGame:     table.GlobalGame,
		table.MetaEngine:   table.GlobalEngine,
		table.MetaN:        strconv.Itoa(M),
		table.MetaMult:     a.String(),
		table.MetaRevision: revision,
		table.MetaStart:    "r = min(x+y-1, max(x,y)): any move but taking every token; (0,0,0) for the empty game",
		"fibnim.rules": "position (x,y,r); a move takes k, 1 <= k <= min(r, pile), from either pile, and the next limit is floor(a*k); " +
			"N is the largest pile M",
	}
}
