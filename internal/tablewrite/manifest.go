package tablewrite

import (
	"encoding/json"
	"path/filepath"

	"fibnim/internal/atomicfile"
	"fibnim/table"
)

// WriteManifest writes m as dir/manifest.json (atomicfile.Write: synced and
// renamed into place).
func WriteManifest(dir string, m table.Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, table.ManifestFile), append(b, '\n'))
}
