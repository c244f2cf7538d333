package tex

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// SourceDate is the date, in seconds since 1970, that every compiled PDF
// carries (2000-01-01, as the PDF figures do).
const SourceDate = 946684800

// Tools are the programs this package runs.
var Tools = []string{"pdflatex", "pdftotext", "pdfinfo", "pdftoppm"}

// Available says which of Tools are missing, as an error naming them and
// the script that installs them; nil when all are there.
func Available() error {
	var missing []string
	for _, t := range Tools {
		if _, err := exec.LookPath(t); err != nil {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s not found: install texlive-latex-base, texlive-latex-recommended and poppler-utils (bash scripts/tex.sh)", strings.Join(missing, ", "))
	}
	return nil
}

// Compile runs pdflatex on dir/file runs times (twice settles the
// references), in dir, and stops at the first error with the lines of the
// log that say what went wrong.
//
// pdflatex writes into a hidden temporary folder in dir (-output-directory),
// which starts with the auxiliary files of the earlier compile; the PDF,
// its log and its auxiliary files replace those in dir, each with one
// rename, the PDF last, only once every run succeeded. A compile that is
// stopped (ctx) or fails leaves the earlier PDF as it was: pdflatex writes
// its PDF in place as it goes, and an interrupted compile left the first
// pass's PDF, references unresolved, where the earlier one was. A failed
// compile's log replaces the earlier log, for its reader.
func Compile(ctx context.Context, dir, file string, runs int) error {
	tmp, err := os.MkdirTemp(dir, ".pdflatex-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	job := strings.TrimSuffix(file, filepath.Ext(file))
	for _, ext := range auxFiles {
		if b, err := os.ReadFile(filepath.Join(dir, job+ext)); err == nil {
			if err := os.WriteFile(filepath.Join(tmp, job+ext), b, 0o644); err != nil {
				return err
			}
		}
	}
	for range runs {
		cmd := exec.CommandContext(ctx, "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-file-line-error", "-output-directory", filepath.Base(tmp), file)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH="+strconv.Itoa(SourceDate), "FORCE_SOURCE_DATE=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			if ctx.Err() == nil {
				os.Rename(filepath.Join(tmp, job+".log"), filepath.Join(dir, job+".log"))
			}
			return fmt.Errorf("pdflatex %s: %v\n%s", filepath.Join(dir, file), err, errorLines(out))
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, ext := range append(slices.Clone(auxFiles), ".log", ".pdf") {
		err := os.Rename(filepath.Join(tmp, job+ext), filepath.Join(dir, job+ext))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// auxFiles are the endings of the files that one pdflatex run writes for
// the next (references, PDF bookmarks, contents).
var auxFiles = []string{".aux", ".out", ".toc"}

// errorLines picks the lines of pdflatex's output that report an error
// (file:line: messages and "!" lines) with the line after each, or the
// last lines when there are none.
func errorLines(out []byte) string {
	var keep []string
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "!") || strings.Contains(l, ".tex:") {
			keep = append(keep, l)
			if i+1 < len(lines) {
				keep = append(keep, lines[i+1])
			}
		}
	}
	if len(keep) == 0 {
		keep = lines[max(0, len(lines)-15):]
	}
	return strings.Join(keep, "\n")
}

// Warnings returns the warnings of a pdflatex log that a finished document
// must not have: undefined references or citations, and labels that
// changed (a run is missing).
func Warnings(logPath string) ([]string, error) {
	b, err := os.ReadFile(logPath)
	if err != nil {
		return nil, err
	}
	var ws []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		l := sc.Text()
		if strings.Contains(l, "undefined") && strings.Contains(l, "Warning") || strings.Contains(l, "Label(s) may have changed") {
			ws = append(ws, strings.TrimSpace(l))
		}
	}
	return ws, nil
}

// Text is the text of a PDF, as pdftotext reads it.
func Text(ctx context.Context, pdf string) (string, error) {
	out, err := exec.CommandContext(ctx, "pdftotext", "-enc", "UTF-8", pdf, "-").Output()
	if err != nil {
		return "", fmt.Errorf("pdftotext %s: %v%s", pdf, err, stderrOf(err))
	}
	return string(out), nil
}

// Pages is the number of pages of a PDF, as pdfinfo reads it.
func Pages(ctx context.Context, pdf string) (int, error) {
	out, err := exec.CommandContext(ctx, "pdfinfo", pdf).Output()
	if err != nil {
		return 0, fmt.Errorf("pdfinfo %s: %v%s", pdf, err, stderrOf(err))
	}
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "Pages:"); ok {
			return strconv.Atoi(strings.TrimSpace(v))
		}
	}
	return 0, fmt.Errorf("pdfinfo %s: no page count", pdf)
}

// Render draws every page of a PDF in grey at dpi dots per inch, as
// pdftoppm does, and returns the pages in order.
func Render(ctx context.Context, pdf string, dpi int) ([]image.Image, error) {
	dir, err := os.MkdirTemp("", "fibnim-render-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, "pdftoppm", "-png", "-gray", "-r", strconv.Itoa(dpi), pdf, filepath.Join(dir, "page"))
	if _, err := cmd.Output(); err != nil {
		return nil, fmt.Errorf("pdftoppm %s: %v%s", pdf, err, stderrOf(err))
	}
	names, err := filepath.Glob(filepath.Join(dir, "page-*.png"))
	if err != nil {
		return nil, err
	}
	// pdftoppm pads the page numbers to one width: the names sort in order.
	sort.Strings(names)
	pages := make([]image.Image, 0, len(names))
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("pdftoppm %s: page %d: %v", pdf, len(pages)+1, err)
		}
		pages = append(pages, img)
	}
	return pages, nil
}

func stderrOf(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return ": " + strings.TrimSpace(string(ee.Stderr))
	}
	return ""
}
