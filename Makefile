# fibnim: Grundy values of Fibonacci nim and n-times nim.
#   make             build, then run the default pipeline (under 1 GiB; its time, idle
#                    and loaded, with CPU time, is measured in README.md)
#   make test        vet, gofmt, staticcheck, every test, the Slurm test and the
#                    notebooks (what CI runs)
#   make check       the fast tier for development: vet, gofmt, staticcheck and
#                    go test -short
#   make test-long   the grundy package's tests with their exhaustive matrices
#                    (FIBNIM_LONG=1): every worker count, switch mode and
#                    multiplier at the largest N of each test, where make test
#                    runs all of them at a smaller N and a subset at the largest
#   make readme      write README.md's findings from the committed results
#   make slurm-test  a one-node Slurm cluster runs a small atlas as an array job
#                    and its merge (as root; installs slurm-wlm and munge)
#   make figures     draw results/figures/ from what results/ holds
#   make paper       compile results/paper/fibnim-note.pdf and check it against
#                    checks.json; runs the pipeline first where results/ has no
#                    run record (a fresh clone); installs pdflatex and poppler as root
#   make release     results/release/: SHA256SUMS of every result file, the run
#                    records, CITATION.cff and the note (after make paper)
#   make notebooks   execute notebooks/*.ipynb headless into bin/notebooks/
#   make bench       run the benchmarks and write results/bench.md
#   make fuzz        run every fuzz target for FUZZTIME each (default 60s); go test
#                    (make test) replays their seed corpora in testdata/fuzz only
#   make verify-big  compute the table to N = 10^9 and verify it (results/big/;
#                    its time and memory: results/bench.md)
#   make automata    learn the positions of Grundy values 0..5 as Fibonacci automata
#                    and prove them for all n (results/automata/mult=2/)
#   make automata-heavy  the same for values 0..9 from tables to 10^9, with the table
#                    learner and the threshold prover (results/heavy/automata/mult=2/;
#                    about 4 GB of layer files in TMPDIR on the way; docs/automata.md)
#   make automata-bands  the theorems for every real multiplier of [1, 2), [2, 5/2),
#                    [5/2, 3) and [3, 7/2) (results/automata/bands.json and bands.md)
#   make automata-mults  learn and prove values 0..8 for every multiplier of the
#                    atlas below 7/2, and the edge's row for those from 7/2 on
#                    (results/multipliers/automata/: summary.md; hours, see
#                    docs/automata.md); resumes where a killed run stopped

GO       ?= go
# -buildvcs=auto stamps the git revision into the binaries (compute version,
# plot -version, reports, Parquet metadata) even where GOFLAGS turns it off.
BUILDFLAGS ?= -buildvcs=auto
BIN      := bin
OUT      ?= results
N        ?= 1000000
BIG_N    ?= 1000000000
AUTOMATA_G ?= 5
HEAVY_G  ?= 9
HEAVY_N  ?= 1000000000
MULTS    ?= farey:10:12
MULTS_G  ?= 8
MULTS_N  ?= 10000000
MULTS_CPU ?= 5m

.PHONY: automata automata-heavy automata-bands automata-mults all build pipeline figures paper release test test-long check lint readme slurm-test notebooks bench frontier verify-big fuzz clean

all: build pipeline

build:
	$(GO) build $(BUILDFLAGS) -o $(BIN)/compute ./cmd/compute
	$(GO) build $(BUILDFLAGS) -o $(BIN)/plot ./cmd/plot

# The automata come first: verify (in compute all) marks the statements they
# prove for all n beside its range checks.
pipeline: build
	$(BIN)/compute automata -max-g $(AUTOMATA_G) -out $(OUT)
	$(BIN)/compute all -n $(N) -out $(OUT)
	$(BIN)/plot -in $(OUT)
	$(BIN)/compute paper -in $(OUT)

figures: build
	$(BIN)/plot -in $(OUT)

# The TeX and poppler tools go in before the Go tests: the tests that
# compile the LaTeX tables and the note, and render the PDF figures, must
# run in CI (FIBNIM_NEED_TEX turns their skip without the tools into a failure).
# Where ../shared/walnut is beside the clone, scripts/walnut.sh makes sure a JDK
# is there and FIBNIM_NEED_WALNUT=1 makes the Walnut replay of the committed
# automata proofs (grundyproof) a test that must run; a fresh clone skips it.
test: build lint
	bash scripts/tex.sh
	need_walnut=$$(bash scripts/walnut.sh) && \
	FIBNIM_NEED_TEX=1 FIBNIM_NEED_POPPLER=1 FIBNIM_NEED_WALNUT=$$need_walnut $(GO) test -count=1 -timeout 20m ./...
	bash scripts/slurm/test.sh
	bash scripts/notebooks.sh

# vet, gofmt and staticcheck. The Go module proxy serves staticcheck
# (honnef.co/go/tools v0.8.2); scripts/staticcheck.sh builds it with go run and
# fails on any finding but those scripts/staticcheck.known leaves to their owners.
lint:
	$(GO) vet ./...
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt: these files need gofmt -w:"; echo "$$out"; exit 1; fi
	bash scripts/staticcheck.sh

# The engine tests in full (docs/engine.md, Tests): each test of the grundy
# package that make test runs on a subset of its matrix (its doc comment says
# which) runs every combination at its largest N: 370 s of CPU and 1.04 GiB
# peak, 34 min at load 20 to 30 on 2 cores (go test ./grundy as make test
# runs it: 155 to 185 s of CPU, 0.6 to 0.8 GiB).
test-long:
	FIBNIM_LONG=1 $(GO) test -count=1 -timeout 60m ./grundy

# The fast tier: every package's exactness tests at small N (testing.Short
# shrinks N), without the Slurm test and the notebooks; at most 60 s of tests
# on an idle 2-core machine.
check: lint
	$(GO) test -short -count=1 ./...

# The README's findings come from the committed results, never from a hand:
# run this after make changes results/checks.json or the atlas, and commit both.
readme: build
	$(BIN)/compute readme -in results

# compute paper refuses, in one line, a results folder that lacks what the
# note needs; -pdf checks the PDF it compiled (as -check does).
paper: build $(OUT)/provenance.json
	bash scripts/tex.sh
	$(BIN)/compute paper -in $(OUT) -pdf

# The run record is what a fresh clone lacks: make writes it.
$(OUT)/provenance.json:
	$(MAKE) pipeline

release: paper
	$(BIN)/compute release -in $(OUT)
	$(BIN)/compute release -in $(OUT) -check

slurm-test: build
	bash scripts/slurm/test.sh

notebooks: build
	bash scripts/notebooks.sh

bench: build
	bash scripts/bench.sh
	bash scripts/bench_verify.sh
	bash scripts/bench_reads.sh

# The frontier of a = 2 (docs/scaling.md): start values to FRONTIER_N
# (default 3e9: about 10 minutes and 11.3 GiB on 2 cores) in results/big/,
# verify on them, and the small outputs to results/frontier/mult=2/.
frontier: build
	bash scripts/frontier.sh

# The positions of each Grundy value 0..AUTOMATA_G as automata,
# proved for all n (docs/automata.md); part of make's pipeline too.
automata: build
	$(BIN)/compute automata -max-g $(AUTOMATA_G) -out $(OUT)

automata-heavy: build
	$(BIN)/compute automata -max-g $(HEAVY_G) -n $(HEAVY_N) -learner table -prover thresholds -out $(OUT)/heavy

# The band theorems (docs/automata.md): for every real a of each Pisot band,
# the positions of values 0..J are those of the band's left end.
automata-bands: build
	$(BIN)/compute automata -bands -out $(OUT)

# Every multiplier of MULTS, each to the largest K <= MULTS_G the learner and
# the prover reach within the sweep's budget (docs/automata.md, "The sweep");
# scripts/slurm/submit-automata.sh runs the same as a Slurm array job.
automata-mults: build
	$(BIN)/compute automata -mults $(MULTS) -max-g $(MULTS_G) -n $(MULTS_N) -cpu $(MULTS_CPU) -out $(OUT)/multipliers
	$(BIN)/compute automata -merge $(OUT)/multipliers

verify-big: build
	$(BIN)/compute grundy -n $(BIG_N) -out $(OUT)/big
	$(BIN)/compute verify -in $(OUT)/big

# The decoders of files that may be damaged (issue 33). Not part of make test:
# the instrumented build alone takes minutes on a clean 2-core machine. The
# list of targets is derived from the code (every func Fuzz of the module's
# test files; scripts/fuzz.sh -list prints it), and a test holds it to them.
FUZZTIME ?= 60s
fuzz:
	GO="$(GO)" FUZZTIME="$(FUZZTIME)" bash scripts/fuzz.sh

clean:
	rm -rf $(BIN)
