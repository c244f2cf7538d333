// Package fibautomata decides first-order statements about
// Fibonacci-automatic sets of natural numbers and uses them to prove, for
// all n, which positions of Fibonacci nim have Grundy value g.
//
// A number is written in Zeckendorf form, digits 0/1 with weights
// F_2 = 1, F_3 = 2, F_4 = 3, ..., most significant first, no two adjacent
// 1s. A tuple of numbers is a word over k tracks, every track padded with
// leading zeros to one length. An [Automaton] is a deterministic
// automaton over such words; every automaton the package returns accepts
// only valid words and is closed under leading zeros, so it stands for a
// relation on N^k and its minimal form is unique ([Minimize]).
//
// What it owns:
//   - the operations: [Intersect], [Union], [Difference], [Complement]
//     (relative to the valid words, [Valid]), [Project] (existential
//     projection: subset construction, with the leading-zero saturation a
//     witness longer than the free variables needs), [Minimize]
//     (Hopcroft), [Equivalent] (with a shortest counterexample),
//     [IsEmpty], [Least], [Automaton.Enumerate];
//   - base automata built from rules, never typed in: [Valid], [Const],
//     [Less] (Zeckendorf words of one length compare lexicographically as
//     their numbers do) and [Adder], x + y = z, built from digit sums as
//     in Frougny's normalisation and proved by [ProveAdder] by induction
//     with a successor defined from <;
//   - a first-order layer ([Env], [Formula], [Term]): variables over N,
//     constants (big integers), =, <, <=, +, multiplication by a
//     constant, and/or/not/implies/iff, exists/forall, and named automata
//     as predicates. Since addition and order are automatic in this
//     numeration, every such formula defines an automatic relation and
//     its truth is decidable (Büchi; Bruyère et al.);
//   - the learner [LearnFunction]: a guess of the minimal automaton of a
//     synchronized function from a table (Myhill-Nerode classes of
//     prefixes told apart by suffixes of bounded length), with the number
//     of classes per prefix length so that non-convergence shows;
//   - the prover [ProveMex]: the mex-induction statements that make
//     candidate sets S_0..S_K the positions of Grundy value 0..K for
//     every n, and [ProvePaperTheorems], Theorems 4.1, 4.5, 4.6 and 4.7
//     of Larsson & Rubinstein-Salzedo as formulas in z_1, z_2, z_3,
//     proved equal to S_0..S_3;
//   - the export in Walnut's automaton format and a Walnut command file
//     that replays every proof ([WriteWalnut], [ReadWalnut],
//     [WalnutCommands]); the whole learn-and-prove run ([Run]) and its
//     report ([Write]: Markdown, JSON, LaTeX, DOT drawings of the small
//     automata ([DOT]) and the classes per prefix length ([Result.ClassesFigure]));
//   - the use of proved automata: [LoadProved] reads a folder and proves it
//     again, [Value] answers G(n, r) for any n when G <= K, [Query] does
//     both for a results folder (what compute query asks beyond its
//     tables), [CheckTable] streams the engine's breakpoints against them.
//
// Guarantees: exact (math/big for constants and numbers beyond 64 bits);
// deterministic (states numbered breadth first; no maps iterated into
// outputs); a statement reported proved was decided by automata for all
// natural numbers. The learner is not trusted: only the prover is.
//
// References:
//   - U. Larsson and S. Rubinstein-Salzedo, Grundy values of Fibonacci
//     nim, Int. J. Game Theory 45 (2016), Section 4, Theorems 4.1-4.7
//     (../shared/papers/larsson-rubinstein-salzedo-grundy-values-of-fibonacci-nim.txt).
//   - C. Frougny, Representations of numbers and finite automata, Math.
//     Systems Theory 25 (1992): addition in Fibonacci numeration is
//     computed by a finite automaton.
//   - J. R. Büchi (1960); V. Bruyère, G. Hansel, C. Michaux and R.
//     Villemaire, Logic and p-recognizable sets of integers, Bull. Belg.
//     Math. Soc. 1 (1994): first-order definability and automata.
//   - J. Shallit, The Logical Approach to Automatic Sequences: Exploring
//     Combinatorics on Words with Walnut, LMS Lecture Note Series 482,
//     Cambridge University Press (2022); Walnut (H. Mousavi et al.), whose
//     file format the export follows.
//   - J. E. Hopcroft, An n log n algorithm for minimizing states in a
//     finite automaton (1971).
package fibautomata
