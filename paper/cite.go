package paper

import (
	"fmt"
	"strings"

	"fibnim/report"
)

// citeKey is the key of the reference whose first author's family name is
// family; a missing one is an error of the note.
func (v *view) citeKey(family string) string {
	k, ok := v.cite[family]
	if !ok {
		if v.err == nil {
			v.err = fmt.Errorf("CITATION.cff has no reference by %s, which the note cites", family)
		}
		return "?"
	}
	return k
}

func (v *view) citep(family string) string { return "~\\cite{" + v.citeKey(family) + "}" }

func (v *view) bibliography() {
	item := func(key, authors, title, rest string) string {
		return fmt.Sprintf("\\bibitem{%s} %s, \\emph{%s}%s.", key, authors, title, rest)
	}
	for _, r := range v.d.Cite.References {
		if len(r.Authors) == 0 {
			continue
		}
		key := strings.ToLower(strings.ReplaceAll(r.Authors[0].Family+r.Authors[0].Name, " ", "")) + r.Year
		v.cite[r.Authors[0].Family] = key
		var names []string
		for _, a := range r.Authors {
			names = append(names, report.TeXText(a.String()))
		}
		rest := ""
		if r.Journal != "" {
			rest += ", " + report.TeXText(r.Journal)
		}
		if r.Volume != "" {
			rest += " " + report.TeXText(r.Volume)
			if r.Issue != "" {
				rest += "(" + report.TeXText(r.Issue) + ")"
			}
		}
		if r.Year != "" {
			rest += " (" + report.TeXText(r.Year) + ")"
		}
		if r.Start != "" && r.End != "" {
			rest += ", " + report.TeXText(r.Start) + "--" + report.TeXText(r.End)
		}
		for _, id := range r.Identifiers {
			rest += ", " + report.TeXText(id)
		}
		v.Bib = append(v.Bib, item(key, strings.Join(names, ", "), report.TeXText(r.Title), rest))
	}
	var names []string
	for _, a := range v.d.Cite.Authors {
		names = append(names, report.TeXText(a.String()))
	}
	v.cite["fibnim"] = "fibnim"
	v.Bib = append(v.Bib, item("fibnim", strings.Join(names, ", "), report.TeXText(v.d.Cite.Title), ", software (CITATION.cff)"))
}
