package provenance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"fibnim/internal/atomicfile"
	"fibnim/internal/rss"
	"fibnim/version"
)

// File is the name of the record file in a results folder.
const File = "provenance.json"

// Machine is what the record says about the computer a run used.
type Machine struct {
	GOOS        string `json:"goos"`
	GOARCH      string `json:"goarch"`
	CPUs        int    `json:"cpus"`                   // runtime.NumCPU
	CPUModel    string `json:"cpu_model,omitempty"`    // /proc/cpuinfo's model name, where there is one
	MemoryBytes int64  `json:"memory_bytes,omitempty"` // /proc/meminfo's MemTotal, where there is one
}

// Table is one table a run wrote.
type Table struct {
	Path       string `json:"path"`                 // relative to the results folder: grundy/mult=2
	Multiplier string `json:"multiplier,omitempty"` // a
	N          int64  `json:"n"`                    // the largest pile (N, or M of a global table; the number of multipliers for ntimes)
	What       string `json:"what,omitempty"`       // the engine, or what N counts where it is not a pile
}

// Run is one record.
type Run struct {
	Key          string    `json:"key"`     // what it is a record of: the command and its table
	Command      []string  `json:"command"` // the command line, "compute" first
	Module       string    `json:"module"`
	Revision     string    `json:"revision"` // version.Revision: the commit, with -dirty for a modified tree
	GoVersion    string    `json:"go_version"`
	Machine      Machine   `json:"machine"`
	Workers      int       `json:"workers,omitempty"`
	Started      time.Time `json:"started"` // UTC, to the second
	WallSeconds  float64   `json:"wall_seconds"`
	PeakRSSBytes int64     `json:"peak_rss_bytes"` // getrusage's maximum resident set of the process when the run ended (-1: unknown); a step of "compute all" counts the steps before it too
	Tables       []Table   `json:"tables,omitempty"`
	// Steps are the timed steps of a run that reports them (compute
	// automata: learning, each proof), in order.
	Steps []Step `json:"steps,omitempty"`

	start time.Time // Started, to the nanosecond
}

// Step is one timed step of a run.
type Step struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
}

// Record is the contents of provenance.json.
type Record struct {
	Runs []Run `json:"runs"` // in order of Key
}

// Start begins a record of the command line args (its first element the
// program, "compute") at the present time.
func Start(args ...string) *Run {
	v := version.Get()
	now := time.Now()
	return &Run{
		start:     now,
		Command:   args,
		Module:    v.Module,
		Revision:  version.Revision(),
		GoVersion: runtime.Version(),
		Machine:   ThisMachine(),
		Started:   now.UTC().Truncate(time.Second),
	}
}

// Finish completes r, which began at Start, with key and the tables it
// wrote, and records it in dir/provenance.json.
func (r *Run) Finish(dir, key string, tables ...Table) error {
	r.Key = key
	r.WallSeconds = float64(time.Since(r.start).Milliseconds()) / 1000
	r.PeakRSSBytes = rss.Peak()
	r.Tables = tables
	return Update(dir, *r)
}

// Read reads dir/provenance.json. A folder without one gives an error
// that errors.Is(err, os.ErrNotExist) recognises.
func Read(dir string) (Record, error) {
	var rec Record
	b, err := os.ReadFile(filepath.Join(dir, File))
	if err != nil {
		return rec, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&rec); err != nil {
		return rec, fmt.Errorf("%s: not a provenance record: %v", filepath.Join(dir, File), err)
	}
	return rec, nil
}

// Update puts r into dir/provenance.json, in place of the record with the
// same key, and writes the file through a temporary file and a rename.
func Update(dir string, r Run) error {
	if r.Key == "" {
		panic("provenance: a run without a key")
	}
	rec, err := Read(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	rec.Runs = slices.DeleteFunc(rec.Runs, func(x Run) bool { return x.Key == r.Key })
	rec.Runs = append(rec.Runs, r)
	slices.SortFunc(rec.Runs, func(a, b Run) int { return strings.Compare(a.Key, b.Key) })
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, File), append(b, '\n'))
}

// Find returns the record of key, if there is one.
func (rec Record) Find(key string) (Run, bool) {
	for _, r := range rec.Runs {
		if r.Key == key {
			return r, true
		}
	}
	return Run{}, false
}

// ThisMachine describes the machine the program runs on.
func ThisMachine() Machine {
	m := Machine{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU()}
	m.CPUModel = procField("/proc/cpuinfo", "model name")
	if kb := procField("/proc/meminfo", "MemTotal"); kb != "" {
		if x, err := strconv.ParseInt(strings.TrimSuffix(kb, " kB"), 10, 64); err == nil {
			m.MemoryBytes = x << 10
		}
	}
	return m
}

// procField is the value of the first line "name: value" of a /proc file,
// or "".
func procField(path, name string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == name {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
