package conjectures

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"fibnim/grundy"
)

// The registry lists every statement the package checks, one Check per
// file (or per closely related group that shares one read of its data):
// its ids, sources and statements, the data it reads and how it streams.
// Verify, package atlas and package report iterate it; none of them names
// a check. doc.go says how to add one.

// Data is what a check reads, as a set of bits.
type Data uint

const (
	// StartValues: G(n, n-1) and G(n) for n = 0..N (start_values.parquet).
	StartValues Data = 1 << iota
	// R1: R_1(n), the least r with G(n, r) >= 1, for n = 0..N: from the
	// breakpoint files, dense.parquet, or recomputed by grundy.FirstLayers.
	R1
	// R1to4: R_1..R_4, and so every cell of value 0..3.
	R1to4
	// Cells: the cells (n, r) of the table of a = 2, through package moves
	// (breakpoint files or dense.parquet), for the rows they hold.
	Cells
	// NtimesTable: ntimes/c_table.parquet (and real_c.parquet), whose
	// sequences are recomputed to the same number of terms.
	NtimesTable
	// Sequences: nothing from the results folder: the sequences F(a) of
	// package ntimes, computed afresh.
	Sequences
	// GlobalTable: a table of the global game, global/mult=A, with the
	// single pile's rows of the same a.
	GlobalTable
)

var dataNames = []string{"start values", "R_1", "R_1..R_4", "cells", "ntimes/c_table.parquet", "the sequences F(a)", "the global table"}

func (d Data) String() string {
	var s []string
	for i, name := range dataNames {
		if d&(1<<i) != 0 {
			s = append(s, name)
		}
	}
	return strings.Join(s, ", ")
}

// Rows is how many of R_1..R_4 a check reads: 0, 1 or 4.
func (d Data) Rows() int {
	switch {
	case d&R1to4 != 0:
		return 4
	case d&R1 != 0:
		return 1
	}
	return 0
}

// Scope says on which data a statement is checked, and so where its
// result stands in the report: Verify reports the scopes in this order.
type Scope int

const (
	// Fibonacci: the table of a = 2 (the papers' statements).
	Fibonacci Scope = iota
	// NTimes: the n-times nim tables of ntimes/.
	NTimes
	// OEIS: the OEIS entries, against sequences computed afresh.
	OEIS
	// EveryMultiplier: every table grundy/mult=A, a statement put for a;
	// its id is Statement.ID with "(a=A)" appended (MultID).
	EveryMultiplier
	// Global: every table of the global game, global/mult=A; its id too
	// carries the multiplier.
	Global
)

var scopeNames = []string{"the table of a = 2", "ntimes/", "the OEIS", "every table grundy/mult=A", "every table global/mult=A"}

func (s Scope) String() string { return scopeNames[s] }

// Statement is one statement a Check reports on: one Result per table of
// its scope.
type Statement struct {
	ID     string // the id; for EveryMultiplier and Global, MultID(ID, a) in a Result
	Scope  Scope
	Source string // the paper, theorem or page it comes from
	Text   string // the statement, as the report prints it
	TeX    string // short LaTeX for the tables of the paper kit ("" : the id alone)
}

// Check is one entry of the registry: statements that are checked
// together, on one read of their data.
type Check struct {
	// Order places the check in the report within each of its scopes
	// (increasing; the papers' order, then the order of the tables of
	// the paper kit). Two checks may not share one.
	Order      int
	Statements []Statement
	// Reads is the data it needs; without it, its results are "not run"
	// with a note that says what is missing.
	Reads Data
	// Streams says how it meets its data: what it keeps from row to row
	// and what it does at the end.
	Streams string

	// stream, for a check over the rows n = 0..N of a Grundy table
	// (scopes Fibonacci and EveryMultiplier), starts its state for a
	// pass. Exactly one of stream, ntimes, oeis, global and cells is set.
	stream func(p *Pass, c *cursor) rowCheck
	// ntimes checks the recomputed n-times nim tables (one Statement).
	ntimes func(d *ntimesData) Result
	// oeis checks a sequence computed afresh, of those LoadOEIS gathers
	// (one Statement).
	oeis func(d *OEISData) Result
	// global checks one table of the global game (one Statement).
	global func(d *globalData) Result
	// cells checks the winning first moves of a = 2 (one Statement).
	cells func(sm *StartMoves) Result
	// only restricts a check of scope Global or EveryMultiplier to one
	// multiplier (zero: every a).
	only grundy.Multiplier
}

// rowCheck is the state of a streamed check during one pass.
type rowCheck interface {
	// visit sees a batch of rows in order: rows[i] is row c.n0 + i, and
	// the cursor says what it knows of them.
	visit(c *cursor, rows []Row)
	// results are the check's results for the statements of scope, in
	// the order of its Statements, once every row was visited.
	results(c *cursor, scope Scope) []Result
}

var (
	registryMu sync.Mutex
	registry   []*Check
	sorted     bool
)

// register adds c to the registry (from an init function of c's file).
func register(c *Check) *Check {
	registryMu.Lock()
	defer registryMu.Unlock()
	n := 0
	for _, f := range []bool{c.stream != nil, c.ntimes != nil, c.oeis != nil, c.global != nil, c.cells != nil} {
		if f {
			n++
		}
	}
	if n != 1 || len(c.Statements) == 0 {
		panic(fmt.Sprintf("conjectures: check %d must have statements and exactly one way to run", c.Order))
	}
	for _, o := range registry {
		if o.Order == c.Order {
			panic(fmt.Sprintf("conjectures: checks %s and %s share the order %d", o.Statements[0].ID, c.Statements[0].ID, c.Order))
		}
		for _, s := range o.Statements {
			for _, t := range c.Statements {
				if s.ID == t.ID && s.Scope == t.Scope {
					panic("conjectures: two checks of " + s.ID)
				}
			}
		}
	}
	registry = append(registry, c)
	sorted = false
	return c
}

// Registry returns every check, by Order.
func Registry() []*Check {
	registryMu.Lock()
	defer registryMu.Unlock()
	if !sorted {
		slices.SortFunc(registry, func(a, b *Check) int { return a.Order - b.Order })
		sorted = true
	}
	return slices.Clone(registry)
}

// Statements returns the statements of scope, in the order of the report.
func Statements(scope Scope) []Statement {
	var out []Statement
	for _, c := range Registry() {
		for _, s := range c.Statements {
			if s.Scope == scope {
				out = append(out, s)
			}
		}
	}
	return out
}

// Lookup finds the statement of a Result's id (an id with a multiplier
// for the scopes EveryMultiplier and Global).
func Lookup(id string) (Statement, bool) {
	base := BaseID(id)
	withMult := base != id
	for _, c := range Registry() {
		for _, s := range c.Statements {
			if s.ID == base && withMult == (s.Scope == EveryMultiplier || s.Scope == Global) {
				return s, true
			}
		}
	}
	return Statement{}, false
}

// checkOf finds the check of a Result's id.
func checkOf(id string) (*Check, bool) {
	base := BaseID(id)
	withMult := base != id
	for _, c := range Registry() {
		for _, s := range c.Statements {
			if s.ID == base && withMult == (s.Scope == EveryMultiplier || s.Scope == Global) {
				return c, true
			}
		}
	}
	return nil, false
}

// MultID is the id of statement base put for multiplier a ("2", "5/2").
func MultID(base, a string) string { return base + "(a=" + a + ")" }

// MultOf is the multiplier of an id that MultID made ("" for another id).
func MultOf(id string) string {
	if i := strings.Index(id, "(a="); i > 0 && strings.HasSuffix(id, ")") {
		return id[i+3 : len(id)-1]
	}
	return ""
}

// BaseID is id without a multiplier's suffix: MultID(base, a) gives base.
func BaseID(id string) string {
	if i := strings.Index(id, "(a="); i > 0 && strings.HasSuffix(id, ")") {
		return id[:i]
	}
	return id
}

func multID(id string, a grundy.Multiplier) string { return MultID(id, a.String()) }

// of returns the statements of c in scope.
func (c *Check) of(scope Scope) []Statement {
	var out []Statement
	for _, s := range c.Statements {
		if s.Scope == scope {
			out = append(out, s)
		}
	}
	return out
}

// has reports whether c has a statement in scope.
func (c *Check) has(scope Scope) bool { return len(c.of(scope)) > 0 }

// For reports whether c runs on a table of multiplier a.
func (c *Check) For(a grundy.Multiplier) bool { return c.only == (grundy.Multiplier{}) || c.only == a }

// result starts the Result of statement s (for multiplier a in the scopes
// that carry one).
func (s Statement) result(a grundy.Multiplier) *Result {
	r := newResult(s.ID, s.Source, s.Text)
	if s.Scope == EveryMultiplier || s.Scope == Global {
		r.ID = multID(s.ID, a)
	}
	if s.Scope == EveryMultiplier {
		r.Mult = a.String()
	}
	return r
}

// notRun is statement s's result where its data is missing.
func (s Statement) notRun(a grundy.Multiplier, why string) Result {
	r := s.result(a)
	r.Status = NotRun
	r.Note = why
	return *r
}

// notRunAll gives every statement of c in scope as not run.
func (c *Check) notRunAll(scope Scope, a grundy.Multiplier, why string) []Result {
	var out []Result
	for _, s := range c.of(scope) {
		out = append(out, s.notRun(a, why))
	}
	return out
}

// statement is the statement id of scope in the registry (a programmer's
// mistake if there is none).
func statement(id string, scope Scope) Statement {
	for _, c := range Registry() {
		for _, s := range c.Statements {
			if s.ID == id && s.Scope == scope {
				return s
			}
		}
	}
	panic("conjectures: no statement " + id + " of scope " + scope.String())
}
