// Package grundyproof proves, for all n, which positions of Fibonacci nim
// and of n-times nim (any rational multiplier a < 7/2) have each Grundy
// value, with the decision procedure of package fibnim/automatic.
//
// The game is read in its own numeration: the start piles f_1 < f_2 < ...
// of its P-positions (Frankl & Tokushige, Theorem 1; package ntimes
// computes them) are the weights of a greedy system ([SystemOf]). Schwenk's
// condition on consecutive parts, a f_j < f_i, is the greedy condition, so
// the valid words are the game's own; f_{k+1} = f_k + f_{k-c(a)} from a
// proved window on (ntimes.Prove). For a < 7/2, c <= 3 and the dominant
// root of x^{c+1} - x^c - 1 is a Pisot number, so addition is automatic and
// the statements below are decidable; four numerations cover every real a
// < 7/2 ([Bands]: base 2, Zeckendorf, OEIS A003410 and A003411). For c = 4
// the recurrence has roots on the unit circle, beyond it roots outside:
// [System.Decidable] says so and nothing is claimed.
//
// Guess, then check. The guess: the breakpoint engine (grundy.FirstLayers)
// gives R_g(n), the least r with G(n, r) >= g; the learner
// (automatic.LearnFunction) guesses the automaton of each threshold T_g =
// {(n, min(R_g(n), n+1))}, and S_g = {(n, r) : r <= n, G(n, r) = g} is
// defined from T_g and T_{g+1} ([ClassesFromThresholds], [Run]). The
// check, which alone is trusted ([Prove]): the script [ProofScript] —
//   - the numeration's adder proved to be addition, by induction on the
//     successor (automatic.AdderStatements);
//   - for every g <= K the mex-induction claim [MexClaim]: S_g(n, r) iff
//     some move lands in each S_d, d < g, and none in S_g, a move taking
//     1 <= k <= r to (n-k, min(floor(a k), n-k)), the cap floor(a k) = t
//     written q t <= p k < q t + q for a = p/q ([Cap]) and the move split
//     so that no step holds more than three variables ([MoveSteps]). Every
//     move lowers n, so the claims of 0..K make S_0..S_K the positions of
//     values 0..K for all n (Sprague-Grundy, by induction on n);
//   - the theorems ([Theorem]): Schwenk's rule G(n, r) = 0 iff r < z_1(n)
//     for every a, and at a = 2 Larsson & Rubinstein-Salzedo's Theorems
//     4.1, 4.5, 4.6 and 4.7 as printed ([PaperTheorems]).
//
// The same script is what Walnut replays (prove.txt, automatic's
// Script.Walnut) and what the reports print: a statement is written once.
//
// Past value 8 the relation to_g, "some move lands in S_g", is what costs
// (its subset construction passed 10^7 subsets and 11 GB at g = 9). The
// threshold prover ([MethodThresholds], [ThresholdSteps]) proves the same
// mex statements without it, as the breakpoint engine's recurrence
// T_{g+1}(n) = max(T_g(n), min(mu_g(n), n+1)) on the thresholds derived
// from the class files, no step over three free variables; its verdicts
// are recorded as derived from its claims (proof.json's "method":
// "thresholds"), and its script is prove.txt. The learner may be the
// table learner too (Config.Learner "table": automatic.LearnTable over
// tables in memory or layer files on disk, [WriteLayerFiles]).
//
// Band theorems ([ProveBand]) extend a class to every real a of an interval
// at once: the cap floor(a k) lies in an interval that depends only on the
// interval's ends, and a sandwich of "every cap" and "some cap" moves
// proves that the positions of values 0..J do not depend on a;
// [FindBandWitness] certifies a refutation by brute force.
//
// What it owns: the on-disk format of an automata folder
// ROOT/automata/mult=A ([Dir], [Write], [Load]): gG.txt (S_g in Walnut's
// format over msd_NAME, tracks (n, r)), msd_NAME.txt and
// msd_NAME_addition.txt (the numeration, Walnut's Custom Bases), prove.txt,
// and proof.json ([ProofRecord]: the verdict of every step, with the
// SHA-256 of every file and [ProverVersion], so that loading a folder
// whose files match takes its verdicts without proving again); and the
// format of a layer file, R<g>.layer (R'_g of the engine on disk, 4 bytes
// a row after a 64-byte header with the hash of the rows; [OpenLayerFile]
// refuses a foreign or incomplete one). Rendering is elsewhere (package
// report: report.md, report.tex; package figures: classes.svg and the
// DOT drawings); so are the times of a run (provenance.json).
//
// Guarantees: a class is reported proved only when its claim and those of
// every smaller value were decided true by automata, over automata that
// passed automatic.Sound; a folder whose files do not match its proof.json
// is proved again; a class file that does not read is an error that names
// it, and one whose claim fails is named with its least counterexample.
// Files carry no times: a rerun writes the same bytes.
//
// References:
//   - U. Larsson and S. Rubinstein-Salzedo, Grundy values of Fibonacci
//     nim, Int. J. Game Theory 45 (2016), Section 4, Theorems 4.1-4.7
//     (../shared/papers/larsson-rubinstein-salzedo-grundy-values-of-fibonacci-nim.txt).
//   - P. Frankl and N. Tokushige, The game of n-times nim, Discrete Math.
//     260 (2003), Theorem 1 and Table 1.
//   - A. J. Schwenk, Take-away games, Fibonacci Quart. 8 (1970): the
//     strategy of the greedy representation.
//   - M. J. Whinihan, Fibonacci Nim, Fibonacci Quart. 1 (1963).
//   - C. Frougny and B. Solomyak (1996); V. Bruyère and G. Hansel (1997):
//     addition in Pisot numeration systems is automatic.
package grundyproof
