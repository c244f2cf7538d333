package atlas

import (
	"bytes"
	"fmt"
	"path/filepath"

	"fibnim/table"
)

// ReportFile is the atlas's report, in a results folder's tables/.
const ReportFile = "atlas.md"

// WriteReport writes dir/atlas.md (a temporary file and a rename).
func WriteReport(dir string, plan Plan, rows []table.AtlasRow) error {
	return table.WriteAtomic(filepath.Join(dir, ReportFile), Report(plan, rows))
}

// Report renders the atlas as Markdown.
func Report(plan Plan, rows []table.AtlasRow) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# The multiplier atlas\n\n")
	fmt.Fprintf(&b, "| a | G(N) | alpha | beta | RMS | FT-P | SCHWENK | 5.2 | lower | upper | last n outside [1, 2] |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %.4f | %.4f | %.3f | %s | %s | %s | %s (%d) | %s (%d) | %d |\n", r.Multiplier, r.GN, r.Alpha, r.Beta, r.RMS, r.FTPStatus, r.SchwenkStatus, r.L52Status, r.LowerStatus, r.LowerFailures, r.UpperStatus, r.UpperFailures, r.StepLastOutside)
	}
	return b.Bytes()
}
