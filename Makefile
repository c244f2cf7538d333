# fibnim: Grundy values of Fibonacci nim and n-times nim.
#   make             build, then run the default pipeline (40 to 60 s, under 1 GiB, on 2 cores)
#   make test        vet, run the tests, the Slurm test and the notebooks (what CI runs)
#   make slurm-test  a one-node Slurm cluster runs a small atlas as an array job
#                    and its merge (as root; installs slurm-wlm and munge)
#   make figures     draw results/figures/ from what results/ holds
#   make paper       compile results/paper/fibnim-note.pdf (after make) and check it
#                    against checks.json; installs pdflatex and poppler as root
#   make release     results/release/: SHA256SUMS of every result file, the run
#                    records, CITATION.cff and the note (after make paper)
#   make notebooks   execute notebooks/*.ipynb headless into bin/notebooks/
#   make bench       run the benchmarks and write results/bench.md
#   make verify-big  compute the table to N = 10^9 and verify it (results/big/;
#                    about 10 minutes and 20 GiB for the table, 5 for verify)

GO       ?= go
# -buildvcs=auto stamps the git revision into the binaries (compute version,
# plot -version, reports, Parquet metadata) even where GOFLAGS turns it off.
BUILDFLAGS ?= -buildvcs=auto
BIN      := bin
OUT      ?= results
N        ?= 1000000
BIG_N    ?= 1000000000

.PHONY: all build pipeline figures paper release test slurm-test notebooks bench frontier verify-big clean

all: build pipeline

build:
	$(GO) build $(BUILDFLAGS) -o $(BIN)/compute ./cmd/compute
	$(GO) build $(BUILDFLAGS) -o $(BIN)/plot ./cmd/plot

pipeline: build
	$(BIN)/compute all -n $(N) -out $(OUT)
	$(BIN)/plot -in $(OUT)
	$(BIN)/compute paper -in $(OUT)

figures: build
	$(BIN)/plot -in $(OUT)

# The TeX and poppler tools go in before the Go tests: the tests that
# compile the LaTeX tables and the note, and render the PDF figures, must
# run in CI (FIBNIM_NEED_TEX turns their skip without the tools into a failure).
test: build
	$(GO) vet ./...
	bash scripts/tex.sh
	FIBNIM_NEED_TEX=1 FIBNIM_NEED_POPPLER=1 $(GO) test -count=1 -timeout 20m ./...
	bash scripts/slurm/test.sh
	bash scripts/notebooks.sh

paper: build
	bash scripts/tex.sh
	$(BIN)/compute paper -in $(OUT) -pdf
	$(BIN)/compute paper -in $(OUT) -check

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

verify-big: build
	$(BIN)/compute grundy -n $(BIG_N) -out $(OUT)/big
	$(BIN)/compute verify -in $(OUT)/big

clean:
	rm -rf $(BIN)
