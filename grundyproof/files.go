package grundyproof

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"

	au "fibnim/automatic"
	"fibnim/grundy"
	"fibnim/internal/atomicfile"
)

// Dir is the folder of multiplier a's automata under a results folder:
// ROOT/automata/mult=A.
func Dir(root string, a grundy.Multiplier) string {
	return filepath.Join(root, "automata", a.FolderName())
}

// The files of an automata folder.
const (
	ProofFile = "proof.json" // the verdicts, with the files' hashes (the proof cache)
	ProveFile = "prove.txt"  // the Walnut command file that replays every proof
	// ProofFormat is the format of proof.json.
	ProofFormat = "fibnim-automata-proof/1"
)

// ClassFile is S_g's file, gG.txt (Walnut's automaton format, tracks (n, r)).
func ClassFile(g int) string { return fmt.Sprintf("g%d.txt", g) }

// BaseFiles are the numeration's files, as Walnut's Custom Bases name
// them: msd_NAME.txt (the recogniser) and msd_NAME_addition.txt (the adder).
func BaseFiles(ns *au.Numeration) (rec, add string) {
	return ns.String() + ".txt", ns.String() + "_addition.txt"
}

// ProofRecord is proof.json: what was proved about a folder's classes, by
// which prover, and the SHA-256 of every file the proof read. It carries
// no times, so that a rerun writes the same bytes.
type ProofRecord struct {
	Format string `json:"format"`
	Prover string `json:"prover"`
	// Method is how the mex statements were proved: empty for MethodMex
	// (so that folders proved so by earlier versions read the same),
	// "thresholds" for MethodThresholds.
	Method     string         `json:"method,omitempty"`
	Multiplier string         `json:"multiplier"`
	Numeration NumerationInfo `json:"numeration"`
	MaxG       int            `json:"max_g"`
	ProvedUpTo int            `json:"proved_up_to"`
	Files      []FileSum      `json:"files"`
	Steps      []StepRecord   `json:"steps"`
	// Classes are the sizes of S_0..S_K.
	Classes []int `json:"class_states"`
	// TableN is the table the classes were learned from (0: unknown).
	TableN int `json:"table_n,omitempty"`
	// Learner holds what the learner did for each threshold (no times).
	Learner []LearnerRecord `json:"learner,omitempty"`
}

// NumerationInfo describes the numeration of a folder.
type NumerationInfo struct {
	Name    string   `json:"name"` // Walnut's msd_NAME
	C       int      `json:"c"`
	Weights []string `json:"first_weights"`
	Pisot   bool     `json:"pisot"`
	OEIS    string   `json:"oeis,omitempty"`
	From    string   `json:"band_from,omitempty"`
	To      string   `json:"band_to,omitempty"`
}

// FileSum is one file's size and SHA-256.
type FileSum struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// StepRecord is one step of the proof script and its verdict.
type StepRecord struct {
	Name    string            `json:"name"`
	Kind    string            `json:"kind"` // define, claim, regex, derived (a verdict derived from claims)
	Holds   *bool             `json:"holds,omitempty"`
	Least   map[string]string `json:"least_counterexample,omitempty"`
	States  int               `json:"states,omitempty"`
	Tracks  int               `json:"tracks,omitempty"`
	Largest int               `json:"largest_states"`
	LargeK  int               `json:"largest_tracks"`
}

// LearnerRecord is what the learner did for T_g.
type LearnerRecord struct {
	G         int                    `json:"g"`
	Converged bool                   `json:"converged"`
	States    int                    `json:"states"`
	Attempts  []au.LearnStats        `json:"attempts"`
	Next      *NotConvergedSuggested `json:"next,omitempty"`
	// TableRuns are the table learner's runs (Config.Learner "table"),
	// without times or memory, so that a rerun writes the same bytes.
	TableRuns []TableRunRecord `json:"table_runs,omitempty"`
	// LowerBound is the states that a distinguishing set of the table
	// learner's classes certifies, for a threshold it did not learn.
	LowerBound int `json:"lower_bound,omitempty"`
}

// TableRunRecord is one run of the table learner on one table.
type TableRunRecord struct {
	Rows      uint64        `json:"rows"`
	Digits    int           `json:"digits"`
	Source    string        `json:"source"`
	Converged bool          `json:"converged"`
	Rounds    []RoundRecord `json:"rounds"`
}

// RoundRecord is one round of the table learner (automatic.LearnRound
// without its time and memory).
type RoundRecord struct {
	Round     int    `json:"round"`
	Classes   int    `json:"classes"`
	Suffixes  int    `json:"suffixes"`
	Depth     int    `json:"depth"`
	Ambiguous int    `json:"ambiguous"`
	Weak      int    `json:"weak"`
	MinData   int    `json:"min_data"`
	RowsRead  int64  `json:"rows_read"`
	States    int    `json:"states"`
	Verdict   string `json:"verdict"`
}

// TableRunRecords turns the table learner's runs into their records.
func TableRunRecords(runs []TableAttempt) []TableRunRecord {
	var out []TableRunRecord
	for _, a := range runs {
		tr := TableRunRecord{Rows: a.Rows, Digits: a.Digits, Source: a.Source, Converged: a.Converged}
		for _, r := range a.Rounds {
			tr.Rounds = append(tr.Rounds, RoundRecord{Round: r.Round, Classes: r.Classes, Suffixes: r.Suffixes, Depth: r.Depth,
				Ambiguous: r.Ambiguous, Weak: r.Weak, MinData: r.MinData, RowsRead: r.RowsRead, States: r.States, Verdict: r.Verdict})
		}
		out = append(out, tr)
	}
	return out
}

// NotConvergedSuggested says which table to try next.
type NotConvergedSuggested struct {
	N int `json:"n"`
}

func kindName(k au.StepKind) string {
	switch k {
	case au.DefineStep:
		return "define"
	case au.ClaimStep:
		return "claim"
	case au.RegexStep:
		return "regex"
	}
	return "unknown"
}

func numerationInfo(sys *System) NumerationInfo {
	info := NumerationInfo{Name: sys.NS.Name(), C: sys.C, Pisot: sys.Pisot, OEIS: sys.Band.OEIS}
	for _, w := range sys.NS.Weights(12) {
		info.Weights = append(info.Weights, w.String())
	}
	if sys.Band.From != nil {
		info.From, info.To = sys.Band.From.RatString(), sys.Band.To.RatString()
	}
	return info
}

// record builds proof.json's record of a proof.
func record(sys *System, p *Proof, S []*au.Automaton) ProofRecord {
	rec := ProofRecord{Format: ProofFormat, Prover: ProverVersion, Multiplier: sys.A.String(),
		Numeration: numerationInfo(sys), MaxG: p.K, ProvedUpTo: p.ProvedUpTo()}
	if p.Method.norm() != MethodMex {
		rec.Method = string(p.Method)
	}
	for _, s := range S {
		rec.Classes = append(rec.Classes, s.States())
	}
	for _, r := range p.Results {
		sr := StepRecord{Name: r.Name, Kind: kindName(r.Kind), States: r.Size.States, Tracks: r.Size.Tracks,
			Largest: r.Largest.States, LargeK: r.Largest.Tracks}
		if p.Derived[r.Name] {
			sr.Kind = "derived"
		}
		if r.Kind == au.ClaimStep {
			h := r.Holds
			sr.Holds = &h
			if !h {
				sr.Least = map[string]string{}
				for _, b := range r.Least {
					sr.Least[b.Var] = b.Value.String()
				}
			}
		}
		rec.Steps = append(rec.Steps, sr)
	}
	return rec
}

// Write writes the classes S_0..S_K and their proof to dir: gG.txt for
// every class, the numeration's msd_NAME.txt and msd_NAME_addition.txt,
// prove.txt (the proof script in Walnut's syntax) and proof.json (last,
// with every file's SHA-256). It removes the files gG.txt (and gG.dot) of
// values above K that an earlier run left. Each file is written to a
// temporary name and renamed. learner and tableN go to proof.json as they
// are.
func Write(dir string, sys *System, S []*au.Automaton, p *Proof, tableN int, learner []LearnerRecord) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	rec := record(sys, p, S)
	rec.TableN, rec.Learner = tableN, learner
	put := func(name string, data []byte) error {
		if err := atomicfile.Write(filepath.Join(dir, name), data); err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		rec.Files = append(rec.Files, FileSum{name, int64(len(data)), hex.EncodeToString(sum[:])})
		return nil
	}
	for g, s := range S {
		var b bytes.Buffer
		if err := au.WriteWalnut(&b, s); err != nil {
			return err
		}
		if err := put(ClassFile(g), b.Bytes()); err != nil {
			return err
		}
	}
	recName, addName := BaseFiles(sys.NS)
	adder, err := sys.NS.Adder()
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		a    *au.Automaton
	}{{recName, sys.NS.Recogniser()}, {addName, adder}} {
		var b bytes.Buffer
		if err := au.WriteBase(&b, f.a); err != nil {
			return err
		}
		if err := put(f.name, b.Bytes()); err != nil {
			return err
		}
	}
	if err := put(ProveFile, []byte(p.Script.Walnut(sys.NS))); err != nil {
		return err
	}
	if err := removeStale(dir, len(S)-1); err != nil {
		return err
	}
	js, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, ProofFile), append(js, '\n'))
}

var classFile = regexp.MustCompile(`^g([0-9]+)\.(txt|dot)$`)

// removeStale removes gG.txt and gG.dot for G > K.
func removeStale(dir string, K int) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		m := classFile.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		if g, _ := strconv.Atoi(m[1]); g > K {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// Folder is a loaded automata folder: its classes, proved.
type Folder struct {
	Dir    string
	System *System
	// S holds S_0..S_K as read; Proved of them are proved (S[:Proved+1]).
	S      []*au.Automaton
	Proved int
	Record ProofRecord
	// Cached is true when the verdicts came from proof.json (hashes and
	// prover version matched), false when Load proved them.
	Cached bool
	// Failures name the class files whose statement failed, with the least
	// counterexample: loading still gives the classes before the first.
	Failures []ClassFailure
}

// ClassFailure is a class whose mex statement failed.
type ClassFailure struct {
	G     int
	File  string
	Least string // "(n, r) = (29, 8)"
}

func (f ClassFailure) String() string {
	return fmt.Sprintf("%s fails its mex statement: the least counterexample is %s", f.File, f.Least)
}

// Classes returns the proved classes S_0..S_Proved.
func (f *Folder) Classes() []*au.Automaton { return f.S[:f.Proved+1] }

// NoAutomataError is Load's error for a folder that holds no g0.txt.
type NoAutomataError struct {
	Dir  string
	Root string            // the results folder, when loaded by LoadRoot
	A    grundy.Multiplier // the multiplier asked
}

func (e *NoAutomataError) Error() string {
	return fmt.Sprintf("%s holds no g0.txt: no automata there", e.Dir)
}

// LoadRoot is Load of the automata folder of multiplier a under the
// results folder root (Dir).
func LoadRoot(ctx context.Context, root string, a grundy.Multiplier, opt LoadOptions) (*Folder, error) {
	f, err := Load(ctx, Dir(root, a), a, opt)
	var na *NoAutomataError
	if errors.As(err, &na) {
		na.Root = root
	}
	return f, err
}

// LoadOptions tune Load.
type LoadOptions struct {
	Reprove bool // prove again even when proof.json matches
	// Recorded takes the verdicts of proof.json only: where it does not
	// match the files (or is absent), Load returns a *NotRecordedError
	// instead of proving again.
	Recorded bool
	Budget   int // state budget of a proof (0: none)
	Step     func(au.Result)
	// Method proves the classes when Load proves them (zero: the method
	// proof.json names, if it reads, else MethodMex).
	Method Method
}

// NotRecordedError is Load's error, with LoadOptions.Recorded, for a
// folder whose proof.json does not record a proof of its files by this
// ProverVersion.
type NotRecordedError struct{ Dir string }

func (e *NotRecordedError) Error() string {
	return fmt.Sprintf("%s: its %s does not record a proof of its files by %s (compute automata -check N -reprove -in ROOT proves it again)", e.Dir, ProofFile, ProverVersion)
}

// Load reads the automata folder dir of multiplier a. It refuses a folder
// whose class files are not g0.txt..gK.txt exactly, and a class file that
// does not read (naming it). When proof.json lists every file with its
// SHA-256 as read and was written by this ProverVersion, its verdicts are
// taken (Cached); otherwise, or with Reprove, the classes are proved again
// (Prove). A class whose statement fails is a Failure; the classes before
// the first failure are still proved. S_0 failing is an error.
func Load(ctx context.Context, dir string, a grundy.Multiplier, opt LoadOptions) (*Folder, error) {
	sys, err := SystemOf(a)
	if err != nil {
		return nil, err
	}
	f := &Folder{Dir: dir, System: sys}
	if _, err := os.Stat(filepath.Join(dir, ClassFile(0))); errors.Is(err, fs.ErrNotExist) {
		return nil, &NoAutomataError{Dir: dir, A: a}
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var gs []int
	for _, e := range ents {
		if m := classFile.FindStringSubmatch(e.Name()); m != nil && m[2] == "txt" {
			g, err := strconv.Atoi(m[1])
			if err != nil || ClassFile(g) != e.Name() {
				return nil, fmt.Errorf("%s: %s is not a class file name", dir, e.Name())
			}
			gs = append(gs, g)
		}
	}
	sort.Ints(gs)
	for i, g := range gs {
		if g != i {
			return nil, fmt.Errorf("%s: the class files are %s, not g0.txt..g%d.txt in a row: %s is missing", dir, classList(gs), gs[len(gs)-1], ClassFile(i))
		}
	}
	sums := map[string]FileSum{}
	read := func(name string) ([]byte, error) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(b)
		sums[name] = FileSum{name, int64(len(b)), hex.EncodeToString(sum[:])}
		return b, nil
	}
	for _, g := range gs {
		b, err := read(ClassFile(g))
		if err != nil {
			return nil, err
		}
		s, err := au.ReadWalnut(bytes.NewReader(b), sys.NS)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, ClassFile(g)), err)
		}
		if s.Tracks() != 2 {
			return nil, fmt.Errorf("%s: %d tracks, want 2 (n, r)", filepath.Join(dir, ClassFile(g)), s.Tracks())
		}
		f.S = append(f.S, s)
	}
	K := len(f.S) - 1
	rec, recOK := readRecord(dir)
	if opt.Method == "" && recOK {
		opt.Method = Method(rec.Method)
	}
	if !opt.Reprove {
		if recOK && rec.matches(sys, K, sums) {
			f.Record, f.Cached = rec, true
			f.Proved = rec.ProvedUpTo
			f.Failures = rec.failures()
			if f.Proved < 0 {
				return nil, fmt.Errorf("%s: %s", dir, f.Failures[0])
			}
			return f, nil
		}
	}
	if opt.Recorded && !opt.Reprove {
		return nil, &NotRecordedError{Dir: dir}
	}
	p, err := Prove(ctx, sys, f.S, ProveOptions{Budget: opt.Budget, Step: opt.Step, Method: opt.Method})
	if err != nil {
		return nil, err
	}
	f.Record = record(sys, p, f.S)
	f.Proved = p.ProvedUpTo()
	f.Failures = f.Record.failures()
	if f.Proved < 0 {
		return nil, fmt.Errorf("%s: %s", dir, f.Failures[0])
	}
	return f, nil
}

func classList(gs []int) string {
	s := ""
	for i, g := range gs {
		if i > 0 {
			s += ", "
		}
		s += ClassFile(g)
	}
	return s
}

// readRecord reads proof.json.
func readRecord(dir string) (ProofRecord, bool) {
	b, err := os.ReadFile(filepath.Join(dir, ProofFile))
	if err != nil {
		return ProofRecord{}, false
	}
	var rec ProofRecord
	if err := json.Unmarshal(b, &rec); err != nil || rec.Format != ProofFormat {
		return ProofRecord{}, false
	}
	return rec, true
}

// matches reports whether rec is the verdict of this prover on exactly
// these class files: every class file listed with the sum read, and the
// numeration the system's.
func (rec ProofRecord) matches(sys *System, K int, sums map[string]FileSum) bool {
	if _, err := ParseMethod(rec.Method); err != nil {
		return false
	}
	if rec.Prover != ProverVersion || rec.Multiplier != sys.A.String() || rec.MaxG != K ||
		rec.Numeration.Name != sys.NS.Name() || rec.Numeration.C != sys.C {
		return false
	}
	listed := 0
	for _, fs := range rec.Files {
		if s, ok := sums[fs.Name]; ok {
			if s != fs {
				return false
			}
			listed++
		}
	}
	if listed != len(sums) {
		return false
	}
	// The record must hold the mex verdict of every class.
	for g := 0; g <= K; g++ {
		if !slices.ContainsFunc(rec.Steps, func(s StepRecord) bool { return s.Name == MexClaim(g).Name && s.Holds != nil }) {
			return false
		}
	}
	return true
}

// failures lists the classes whose mex claim failed.
func (rec ProofRecord) failures() []ClassFailure {
	var out []ClassFailure
	for _, s := range rec.Steps {
		var g int
		if _, err := fmt.Sscanf(s.Name, "mex%d", &g); err != nil || s.Holds == nil || *s.Holds {
			continue
		}
		least := fmt.Sprintf("(n, r) = (%s, %s)", s.Least["n"], s.Least["r"])
		out = append(out, ClassFailure{G: g, File: ClassFile(g), Least: least})
	}
	return out
}

// Query answers G(n, r) of multiplier a from a loaded folder: the value
// when it is at most the proved K, else ok is false (G >= K+1).
func (f *Folder) Query(n, r *big.Int) (g int, ok bool) {
	return Value(f.Classes(), n, r)
}
