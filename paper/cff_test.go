package paper

import (
	"os"
	"testing"
)

func TestReadCitation(t *testing.T) {
	b, err := os.ReadFile("../CITATION.cff")
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadCitation(b)
	if err != nil {
		t.Fatal(err)
	}
	if c.Title == "" || len(c.Authors) == 0 || c.Authors[0].String() != "The fibnim Authors" {
		t.Errorf("software: %q by %q", c.Title, c.Authors)
	}
	// CITATION.cff, references: the three papers fibnim implements, and
	// Walnut (Mousavi; Shallit's book), which replays its proofs.
	if len(c.References) != 5 {
		t.Fatalf("%d references, want 5: %+v", len(c.References), c.References)
	}
	if w := c.References[3]; w.Authors[0].Family != "Mousavi" || w.Identifiers[0] != "arXiv:1603.06017" {
		t.Errorf("Walnut's reference: %+v", w)
	}
	lrs := c.References[0]
	if lrs.Title != "Grundy values of Fibonacci nim" || len(lrs.Authors) != 2 || lrs.Authors[0].String() != "Urban Larsson" || lrs.Authors[0].Family != "Larsson" ||
		lrs.Authors[1].String() != "Simon Rubinstein-Salzedo" || lrs.Year != "2016" || lrs.Volume != "45" || lrs.Issue != "3" ||
		len(lrs.Identifiers) != 1 || lrs.Identifiers[0] != "arXiv:1410.0332" {
		t.Errorf("first reference: %+v", lrs)
	}
	ft := c.References[1]
	if ft.Start != "205" || ft.End != "209" || ft.Journal != "Discrete Mathematics" || len(ft.Authors) != 2 {
		t.Errorf("second reference: %+v", ft)
	}
	if w := c.References[2]; w.Authors[0].String() != "Michael J. Whinihan" || w.Year != "1963" {
		t.Errorf("third reference: %+v", w)
	}
	if _, err := ReadCitation([]byte("authors:\n  - name: x\n")); err == nil {
		t.Error("a file without a title was accepted")
	}
}
