package conjectures

import (
	"encoding/json"
	"fmt"
	"os"
)

// DecodeChecks decodes a checks.json (what compute verify writes: its
// results under "checks") and validates every result's statistics
// against its check's type (ValidateStats). The README's findings, the
// note, the atlas's reading of the frontier and the tests read
// checks.json through it.
func DecodeChecks(b []byte) ([]Result, error) {
	var v struct {
		Checks []Result `json:"checks"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	if len(v.Checks) == 0 {
		return nil, fmt.Errorf("no checks")
	}
	if err := ValidateStats(v.Checks); err != nil {
		return nil, err
	}
	return v.Checks, nil
}

// ReadChecks reads and decodes the checks.json at path (DecodeChecks).
func ReadChecks(path string) ([]Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rs, err := DecodeChecks(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return rs, nil
}
