// Package automatic decides first-order statements about automatic
// relations of natural numbers: relations whose tuples, written in a
// numeration system, are the words an automaton accepts. It imports
// nothing of the game; the game's proofs are package fibnim/grundyproof.
//
// A numeration system ([Numeration]) is data: a greedy system with digits
// 0 and 1 given by its weights f_1 = 1 < f_2 < ..., with f_{k+1} = f_k +
// f_{k-c} from some index on. Base 2 ([Binary], c = 0), Zeckendorf's
// system ([Zeckendorf], c = 1) and the systems of the second-player-win
// piles of n-times nim (Frankl & Tokushige, Theorem 1) are instances of
// the same code. From the weights alone the package builds
//   - the recogniser of the valid words ([Numeration.Recogniser]): the
//     greedy words, in which two consecutive 1s at positions i > j have
//     j < r(i), f_{i+1} - f_i = f_{r(i)};
//   - the order (greedy words of one length compare lexicographically as
//     their numbers do: [Less]) and equality;
//   - the adder x + y = z ([Numeration.BuildAdder]: a search over the
//     deficit x + y - z written on the weights, Frougny's normalisation),
//     proved to be addition in every run ([ProveAdder]: by induction on
//     y, with the successor defined from the order, without +).
//
// What it owns:
//   - the operations: [Intersect], [Union], [Difference], [Complement]
//     (relative to the valid words), [Project] (existential projection:
//     subset construction with each subset stored once, saturated under
//     leading zeros; [ProjectContext] takes a context and a state budget),
//     [Remap], [Minimize] (Hopcroft), [Equivalent], [IsEmpty], [Least],
//     [Automaton.Enumerate];
//   - the soundness check [Sound]: the declared tracks, valid words only,
//     closed under leading zeros; every automaton that enters a proof
//     passes it, whether learned, defined or read;
//   - a first-order layer ([Env], [Formula], [Term]): variables over N,
//     constants (big integers), =, <, <=, +, - (on N), multiplication by a
//     constant, and/or/not/implies/iff, exists/forall, and named automata
//     as predicates. Where addition is automatic in the numeration (a
//     Pisot system: c <= 3), every such formula defines an automatic
//     relation and its truth is decidable (Büchi; Bruyère, Hansel,
//     Michaux and Villemaire; Frougny; Bruyère and Hansel);
//   - scripts ([Script]: definitions, claims and regular expressions),
//     which the prover runs ([Env.Run]), Walnut replays ([Script.Walnut])
//     and reports print ([Print]): a statement is written once;
//   - Walnut's formats: automata ([WriteWalnut], [ReadWalnut]), custom
//     bases ([WriteBase]: msd_NAME.txt and msd_NAME_addition.txt) and
//     command files;
//   - the learner [LearnFunction]: a guess of the minimal automaton of a
//     synchronized function from a table (Myhill-Nerode classes of
//     prefixes told apart by suffixes of bounded length). The learner is
//     not trusted: only the prover is;
//   - the table learner [LearnTable]: the same guess, counterexample by
//     counterexample (Angluin's L*, with Rivest and Schapire's
//     decomposition), reading from a [FunctionTable] only the ranges of
//     rows its residuals need, so that its memory grows with the
//     automaton, not with the table. Not trusted either.
//
// Guarantees: exact (math/big for constants and numbers beyond 64 bits);
// deterministic (states numbered breadth first; no maps iterated into
// outputs); a claim reported to hold was decided by automata for all
// natural numbers.
//
// References:
//   - A. S. Fraenkel, Systems of numeration, Amer. Math. Monthly 92
//     (1985): greedy representations over an increasing sequence.
//   - C. Frougny, Representations of numbers and finite automata, Math.
//     Systems Theory 25 (1992); C. Frougny and B. Solomyak, On
//     representation of integers in linear numeration systems (1996);
//     V. Bruyère and G. Hansel, Bertrand numeration systems and
//     recognizability, Theoret. Comput. Sci. 181 (1997): addition is
//     automatic when the recurrence's dominant root is a Pisot number.
//   - J. R. Büchi (1960); V. Bruyère, G. Hansel, C. Michaux and R.
//     Villemaire, Logic and p-recognizable sets of integers, Bull. Belg.
//     Math. Soc. 1 (1994).
//   - J. Shallit, The Logical Approach to Automatic Sequences: Exploring
//     Combinatorics on Words with Walnut, LMS Lecture Note Series 482
//     (2022); Walnut (H. Mousavi et al.), whose formats the export follows.
//   - D. Angluin, Learning regular sets from queries and counterexamples,
//     Inform. and Comput. 75 (1987); R. L. Rivest and R. E. Schapire,
//     Inference of finite automata using homing sequences, Inform. and
//     Comput. 103 (1993); O. Khodier, L. Schaeffer and J. Shallit,
//     Self-verifying predicates in Büchi arithmetic, arXiv:2507.19717
//     (2025): L* for Walnut's automata.
//   - J. E. Hopcroft, An n log n algorithm for minimizing states in a
//     finite automaton (1971).
package automatic
