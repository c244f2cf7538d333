package paper

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Citation is what the note takes from CITATION.cff: the software's title
// and authors, and the works it cites.
type Citation struct {
	Title      string
	Authors    []Person
	References []Reference
}

// Person is an author: a name, or a family and given names.
type Person struct{ Name, Family, Given string }

// String is the name as a reference prints it: "Given Family", or Name.
func (p Person) String() string {
	if p.Name != "" {
		return p.Name
	}
	return strings.TrimSpace(p.Given + " " + p.Family)
}

// Reference is one entry of CITATION.cff's references.
type Reference struct {
	Type, Title, Journal, Volume, Issue, Year, Start, End string
	Authors                                               []Person
	Identifiers                                           []string // their values: arXiv:..., a DOI
}

// ReadCitation reads the subset of the Citation File Format that
// CITATION.cff uses: top-level title and authors, and a references list
// whose items have scalar fields, authors (name, or family-names and
// given-names) and identifiers (value). It is not a YAML parser: anything
// else is ignored, and a file without a title is an error.
func ReadCitation(b []byte) (Citation, error) {
	var c Citation
	type item = map[string]string
	var (
		section  string // top-level key whose block we are in
		ref      *Reference
		sub      string // key of a list inside a reference: authors, identifiers
		person   item
		endItem  func()
		flushRef = func() {
			if ref != nil {
				c.References = append(c.References, *ref)
				ref = nil
			}
		}
	)
	endItem = func() {
		if person == nil {
			return
		}
		name := Person{Name: person["name"], Family: person["family-names"], Given: person["given-names"]}
		switch {
		case section == "authors" && ref == nil:
			c.Authors = append(c.Authors, name)
		case ref != nil && sub == "authors":
			ref.Authors = append(ref.Authors, name)
		case ref != nil && sub == "identifiers":
			ref.Identifiers = append(ref.Identifiers, person["value"])
		}
		person = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		raw := sc.Text()
		if strings.TrimSpace(raw) == "" || strings.HasPrefix(strings.TrimSpace(raw), "#") {
			continue
		}
		indent := len(raw) - len(strings.TrimLeft(raw, " "))
		line := strings.TrimSpace(raw)
		if indent == 0 {
			endItem()
			flushRef()
			k, v, _ := strings.Cut(line, ":")
			section = k
			if k == "title" {
				c.Title = unquote(v)
			}
			continue
		}
		dash := strings.HasPrefix(line, "- ")
		line = strings.TrimPrefix(line, "- ")
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		v = unquote(v)
		switch section {
		case "authors":
			if dash {
				endItem()
				person = item{}
			}
			if person != nil {
				person[k] = v
			}
		case "references":
			if dash && indent == 2 {
				endItem()
				flushRef()
				ref, sub = &Reference{}, ""
			}
			if ref == nil {
				continue
			}
			if indent <= 4 && !(dash && indent > 2) {
				endItem()
				sub = ""
				switch k {
				case "type":
					ref.Type = v
				case "title":
					ref.Title = v
				case "journal":
					ref.Journal = v
				case "volume":
					ref.Volume = v
				case "issue":
					ref.Issue = v
				case "year":
					ref.Year = v
				case "start":
					ref.Start = v
				case "end":
					ref.End = v
				case "authors", "identifiers":
					sub = k
				}
				continue
			}
			if dash {
				endItem()
				person = item{}
			}
			if person != nil {
				person[k] = v
			}
		}
	}
	endItem()
	flushRef()
	if c.Title == "" {
		return c, fmt.Errorf("CITATION.cff: no title")
	}
	return c, sc.Err()
}

func unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
		v = v[1 : len(v)-1]
	}
	return v
}
