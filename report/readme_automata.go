package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/grundyproof"
)

// AutomataRoots are the results folders, under the README's results folder,
// whose automata/mult=A folders the findings list: make's own run, and
// make automata-heavy's.
var AutomataRoots = []string{".", "heavy"}

// automataFindings writes the README's first bullet: what is proved for
// all n. For each automata folder of AutomataRoots, the values its proof
// record (proof.json, matched against the files' SHA-256 by
// grundyproof.Load with Recorded; nothing is proved again) proves, the
// sizes of its classes and the table they were learned from; the checks
// of rs that a folder proves (Result.Proved, set by verify); and the band
// theorems of dir/automata/bands.json. A folder whose proof.json does not
// match its files is named as such, never listed as proved. It writes
// nothing where dir holds no automata.
func automataFindings(b *bytes.Buffer, dir string, rs []conjectures.Result) error {
	base := filepath.Base(dir)
	type folder struct {
		rel string
		f0  string // the folder's path, as errors name it
		f   *grundyproof.Folder
		err error
	}
	var fs []folder
	for _, root := range AutomataRoots {
		paths, err := filepath.Glob(filepath.Join(dir, root, "automata", grundy.FolderGlob))
		if err != nil {
			return err
		}
		sort.Strings(paths)
		for _, p := range paths {
			a, ok, err := grundy.ParseFolderName(filepath.Base(p))
			if err != nil || !ok {
				continue
			}
			if _, err := os.Stat(filepath.Join(p, grundyproof.ClassFile(0))); err != nil {
				continue
			}
			rel, _ := filepath.Rel(filepath.Dir(dir), p)
			f, err := grundyproof.Load(context.Background(), p, a, grundyproof.LoadOptions{Recorded: true})
			var nr *grundyproof.NotRecordedError
			if err != nil && !errors.As(err, &nr) {
				return err
			}
			fs = append(fs, folder{filepath.ToSlash(rel), p, f, err})
		}
	}
	bands, err := grundyproof.ReadBands(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if len(fs) == 0 && len(bands) == 0 {
		return nil
	}
	fmt.Fprintf(b, "- **Proved for all n** by automata over each multiplier's own numeration (theorems, not observations; how: [docs/automata.md](docs/automata.md)):\n")
	for _, x := range fs {
		if x.err != nil {
			fmt.Fprintf(b, "  - [%s](%s): not listed: %s.\n", x.rel, x.rel, strings.TrimPrefix(x.err.Error(), x.f0+": "))
			continue
		}
		f := x.f
		rec := f.Record
		sizes := make([]string, 0, len(rec.Classes))
		for _, s := range rec.Classes[:f.Proved+1] {
			sizes = append(sizes, group(int64(s)))
		}
		learned := ""
		if rec.TableN > 0 {
			learned = fmt.Sprintf(", learned from the table to N = %s", group(int64(rec.TableN)))
		}
		report := x.rel + "/report.md"
		fmt.Fprintf(b, "  - a = %s ([%s](%s)): the positions (n, r) of Grundy values 0..%d are the sets S_0..S_%d, accepted by automata of %s states over `msd_%s`%s; the mex induction of every value is proved by fibnim's prover, and `%s/%s` replays every claim in Walnut.",
			rec.Multiplier, report, report, f.Proved, f.Proved, strings.Join(sizes, ", "), rec.Numeration.Name, learned, x.rel, grundyproof.ProveFile)
		if len(f.Failures) > 0 {
			fmt.Fprintf(b, " Not proved: %s.", f.Failures[0])
		}
		b.WriteString("\n")
	}
	var proved []string
	for _, r := range rs {
		if r.Proved != nil {
			id := r.ID
			if r.Mult != "" && !strings.Contains(id, "(") {
				id += "(a=" + r.Mult + ")"
			}
			proved = append(proved, fmt.Sprintf("%s (%s)", id, r.Proved.Folder))
		}
	}
	if len(proved) > 0 {
		fmt.Fprintf(b, "  - Of the checks of %s/%s, these are proved for all n by those folders (verify marks them; the tables check them on their range too): %s.\n",
			base, ChecksFile, strings.Join(proved, ", "))
	}
	if len(bands) > 0 {
		var parts []string
		for _, r := range bands {
			switch {
			case r.Status == "proved":
				parts = append(parts, fmt.Sprintf("[%s, %s): values 0..%d, those of a = %s", r.From, r.To, r.MaxValue, r.Like))
			case r.RefutedBy != nil:
				w := r.RefutedBy
				parts = append(parts, fmt.Sprintf("[%s, %s): value %d is not (at a = %s, G(%d, %d) = %d where a = %s has %d)", r.From, r.To, r.MaxValue, w.Multiplier, w.N, w.R, w.G, r.Like, w.GLike))
			default:
				parts = append(parts, fmt.Sprintf("[%s, %s): value %d not proved", r.From, r.To, r.MaxValue))
			}
		}
		path := base + "/automata/" + BandsMD
		fmt.Fprintf(b, "  - For every real multiplier a of an interval ([%s](%s)): %s.\n", path, path, strings.Join(parts, "; "))
	}
	return nil
}
