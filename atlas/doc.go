// Package atlas computes the multiplier atlas of n-times nim. For each
// multiplier a of a list, it computes the Grundy values to one N,
// summarised in one row (G(N), the fit G(n) ~ alpha ln n + beta, h(g), and the verdict of each
// statement that package conjectures puts for every a), sharded so that
// the multipliers, which are independent, run on many machines at once,
// and merged into one table with a short reading of what varies with a.
//
// What it owns:
//   - the list syntax (list.go): multipliers, INT..INT ranges as compute
//     ntimes reads them, and farey:MAX:Q, every p/q <= MAX with q <= Q;
//   - shards (shard.go): shard i of M takes the multipliers at positions
//     i, i+M, ... of the sorted list, from "i/M" or from a Slurm array
//     task's environment;
//   - one multiplier's row (summary.go): the breakpoint engine (package
//     grundy) with the start values and R_1 kept in memory, then the
//     checks in one streaming pass (conjectures.Stream) and the log fit;
//     its memory estimate (Bytes), which the Slurm script asks for;
//   - the layout ROOT/atlas/plan.json and ROOT/atlas/mult=A/summary.parquet
//     (plan.go, run.go): a shard records the plan, skips every multiplier
//     whose summary is there and valid, and writes each new one through a
//     temporary file and a rename, so a killed shard resumes;
//   - the merge (merge.go): every multiplier of the plan present, nothing
//     foreign, into ROOT/atlas.parquet; and the report (report.go),
//     ROOT/tables/atlas.md, whose every sentence is computed from the rows.
//
// It owns the atlas's files as well (file.go): the row ([AtlasRow]), its
// statements' results as lists ([CheckResult], one entry per statement the
// registry puts for every a, so that a new statement needs no new column),
// the metadata with its schema version ([MetaSchema], [SchemaVersion]),
// and the reading and validation of both Parquet files, so that the
// package that writes them also refuses a foreign one; schema_v1.go reads
// the files of version 1 (seven columns per statement), among them the
// committed atlases, and nothing writes them any more. Files written
// before the fit was weighted by 1/n (no [MetaFit], the committed atlases
// among them) hold the ordinary least-squares fit; reading recomputes the
// weighted one from h(g) where G(n) is non-decreasing (LRS-5.2(a)), and
// marks a row where it cannot ([AtlasRow] Refit, OldFit).
//
// Guarantees: rows are exact where the data are (integers, and a as p/q
// in lowest terms beside its float), hold no timestamp, worker count or
// shard, and so are the same bit for bit however the list is split and
// wherever it runs. A value past what the engine or the checks can store
// makes that multiplier's row status "overflow" with a note, not an error.
//
// What it must not do: compute Grundy values other than through package
// grundy, state or check a theorem other than through package
// conjectures, or draw figures (package figures draws atlas_alpha and
// atlas_conjecture from ROOT/atlas.parquet).
//
// References:
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: Theorems 5.2 and 5.3 and the closing
//     conjecture G(n) + 1 <= G(ceil(3n/2)) <= G(n) + 2, put for every a as
//     G(n) + 1 <= G(n + ceil(n/a)) <= G(n) + 2; h(g) and the log growth.
//   - P. Frankl, N. Tokushige, "The game of n-times nim", Discrete Math. 260,
//     2003: Theorem 1, F(a), the P-positions the FT-P-positions check uses.
//   - A. J. Schwenk, "Take-away games", Fibonacci Quart. 8 (1970): the
//     greedy strategy of SCHWENK-strategy.
package atlas
