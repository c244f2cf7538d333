# fibnim: Grundy values of Fibonacci nim and n-times nim.
#   make           build, then run the default pipeline (a minute or two on 2 cores)
#   make test      run the tests
#   make bench     run the benchmarks and write results/bench.md
#   make verify-big  compute and verify the largest table (N = 10^8)

GO       ?= go
REV      := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
LDFLAGS  := -X main.revision=$(REV)
BIN      := bin
OUT      ?= results
N        ?= 1000000

.PHONY: all build pipeline test bench verify-big notebooks clean

all: build pipeline

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN)/compute ./cmd/compute

pipeline: build
	$(BIN)/compute all -n $(N) -out $(OUT)

test:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

clean:
	rm -rf $(BIN)
