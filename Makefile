# fibnim: Grundy values of Fibonacci nim and n-times nim.
#   make             build, then run the default pipeline (about a minute on 2 cores)
#   make test        vet and run the tests (what CI runs)
#   make bench       run the benchmarks and write results/bench.md
#   make verify-big  compute the table to N = 10^8 and verify it (results/big/)

GO       ?= go
REV      := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
LDFLAGS  := -X main.revision=$(REV)
BIN      := bin
OUT      ?= results
N        ?= 1000000
BIG_N    ?= 100000000

.PHONY: all build pipeline test bench verify-big clean

all: build pipeline

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN)/compute ./cmd/compute

pipeline: build
	$(BIN)/compute all -n $(N) -out $(OUT)

test:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m ./...

bench: build
	bash scripts/bench.sh

verify-big: build
	$(BIN)/compute grundy -n $(BIG_N) -out $(OUT)/big
	$(BIN)/compute verify -in $(OUT)/big

clean:
	rm -rf $(BIN)
