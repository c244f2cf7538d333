package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"fibnim/internal/cli"
	"fibnim/version"
)

const usage = `usage: compute <command> [flags]

commands:
  all         the default pipeline: grundy, global, lrs-table1, ntimes, verify
  grundy      fill the Grundy table G(n, r) and write Parquet
  lrs-table1  regenerate Table 1 of Larsson & Rubinstein-Salzedo beside the print
  query       G(n, r) and the winning moves of one heap or a sum of heaps
              (query -global x,y[,r]: a position of global Fibonacci nim)
  global      global Fibonacci nim: two piles, one shared limit (docs/global.md)
  ntimes      n-times nim sequences, c(a), and the exact real thresholds
  verify      check the papers' theorems and conjectures on the data in a folder
  automata    learn the positions of each Grundy value as Fibonacci automata and prove them for all n
  prove       prove a statement about G for all n with those automata, or refute it with its least counterexample
  export      write a Parquet file as CSV or JSON
  info        list what a results folder holds, and whether each table validates
  atlas       summarise many multipliers, in shards (Slurm arrays), and merge them
  paper       write the note results/paper/fibnim-note.tex from the results (-check: check its PDF)
  release     write results/release/: SHA256SUMS of every result file, the run records, CITATION.cff, the note
  readme      write the README's list of findings from the committed results (-check: only compare)
  version     print the module version and source revision

Run "compute <command> -h" for the flags of a command.`

// usageError is a mistake in the command line: exit status 2.
type usageError = cli.UsageError

var usagef = cli.Usagef

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	cli.Exit("compute", `run "compute help" for usage`, err)
}

// run runs the command of args; its error carries the advice of advise,
// and an interrupt ends it with the one line of interrupted. A run that
// fails removes the folders it made and left empty (interrupt.go).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	ctx, made, own := trackDirs(ctx)
	err := interrupted(ctx, advise(dispatch(ctx, args, stdout, stderr)))
	if err != nil && own {
		made.removeEmpty()
	}
	return err
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	case "grundy":
		return recorded("grundy", runGrundy)(ctx, rest, stdout, stderr)
	case "lrs-table1":
		return runTable1(ctx, rest, stdout, stderr)
	case "query":
		if isGlobalQuery(rest) {
			return runQueryGlobal(ctx, rest, stdout, stderr)
		}
		return runQuery(ctx, rest, stdout, stderr)
	case "global":
		return recorded("global", runGlobal)(ctx, rest, stdout, stderr)
	case "ntimes":
		return recorded("ntimes", runNtimes)(ctx, rest, stdout, stderr)
	case "verify":
		return recorded("verify", runVerify)(ctx, rest, stdout, stderr)
	case "automata":
		return runAutomata(ctx, rest, stdout, stderr)
	case "prove":
		return runProve(ctx, rest, stdout, stderr)
	case "export":
		return runExport(ctx, rest, stdout, stderr)
	case "info":
		return runInfo(ctx, rest, stdout, stderr)
	case "atlas":
		return runAtlas(ctx, rest, stdout, stderr)
	case "paper":
		return runPaper(ctx, rest, stdout, stderr)
	case "release":
		return runRelease(ctx, rest, stdout, stderr)
	case "readme":
		return runReadme(ctx, rest, stdout, stderr)
	case "all":
		return recorded("all", runAll)(ctx, rest, stdout, stderr)
	case "version", "-version", "--version":
		if len(rest) == 1 && (rest[0] == "-h" || rest[0] == "-help" || rest[0] == "--help") {
			fmt.Fprintln(stderr, "usage: compute version   (the module version and source revision)")
			return nil
		}
		if len(rest) > 0 {
			return usagef("%s takes no arguments, not %q", cmd, rest[0])
		}
		fmt.Fprintln(stdout, version.Get())
		return nil
	}
	return usagef("unknown command %q", cmd)
}

// newFlags returns a FlagSet whose parse errors become usage errors and
// whose usage text goes to stderr.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	// Parse calls Usage itself on -h; silence it so the text shows once.
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.Usage = usage
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(out)
		fs.Usage()
		return flag.ErrHelp
	}
	if err != nil {
		return usageError{Msg: err.Error()}
	}
	return nil
}

// outputDir checks, before any work, that the folder of -flag can be
// made and written, without making it; a failure is a usage error.
func outputDir(flag, dir string) error {
	if err := cli.CheckDir(dir); err != nil {
		return usagef("-%s: %v", flag, err)
	}
	return nil
}

// outputFile checks, before any work, that the file of -flag can be
// written, without writing it; a failure is a usage error.
func outputFile(flag, path string) error {
	if err := cli.CheckFile(path); err != nil {
		return usagef("-%s: %v", flag, err)
	}
	return nil
}

// needFolder refuses an empty folder flag: "" would write into the
// current folder (for -out, into the source tree's grundy/ package).
func needFolder(flag, dir string) error {
	if dir == "" {
		return usagef("-%s is empty: give a folder", flag)
	}
	return nil
}

// inputFolder checks that -flag names a folder that is there.
//
// A folder or file that a flag (or an argument) names for a command to
// read, given or by default, and that is not there (or is a file where a
// folder is wanted, or the other way round) is a usage error, exit 2, in
// every command; one that is there but lacks what the command reads (no
// table, no automata) is a runtime error, exit 1, with the command that
// makes it (docs/commands.md).
func inputFolder(flag, dir string) error {
	if err := needFolder(flag, dir); err != nil {
		return err
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("-%s %s is not a folder", flag, dir)
	}
	return nil
}

// neededFolder is inputFolder for a folder that a command reads only for
// some answers (query's -in: the dense engine answers small piles
// without it): why says what needs it.
func neededFolder(flag, dir, why string) error {
	if dir == "" {
		return usagef("-%s is empty: %s", flag, why)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("-%s %s is not a folder: %s", flag, dir, why)
	}
	return nil
}

// inputFile checks that -flag names a file that is there.
func inputFile(flag, path string) error {
	st, err := os.Stat(path)
	switch {
	case path == "":
		return usagef("-%s is empty: give a file", flag)
	case err != nil:
		return usagef("-%s %s: %v", flag, path, cli.PathErr(err))
	case st.IsDir():
		return usagef("-%s %s is a folder, not a file", flag, path)
	}
	return nil
}

// parseNoArgs is parseFlags for a command that takes flags only: an
// argument left over is a usage error.
func parseNoArgs(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}
