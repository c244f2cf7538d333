package report

import (
	"fmt"
	"strings"

	"fibnim/automatic"
	"fibnim/grundy"
	"fibnim/grundyproof"
)

// AutomataFiles renders an automata folder's proof record (proof.json,
// package grundyproof) as report.md and report.tex (a section of the
// note). Every statement is printed from the same Formula values the
// prover decided (grundyproof.ProofScript), and the verdicts are the
// record's; the files carry no times (they are in provenance.json), so a
// rerun writes the same bytes.
func AutomataFiles(rec grundyproof.ProofRecord) ([]File, error) {
	a, err := grundy.ParseMultiplier(rec.Multiplier)
	if err != nil {
		return nil, fmt.Errorf("report: proof.json: multiplier %q: %v", rec.Multiplier, err)
	}
	md := automataMarkdown(rec, a)
	return []File{{"report.md", md}, {"report.tex", automataLaTeX(rec, a)}}, nil
}

// gameName is "Fibonacci nim" at a = 2, "n-times nim, a = 7/3" otherwise.
func gameName(a grundy.Multiplier) string {
	if a == grundy.Fibonacci {
		return "Fibonacci nim"
	}
	return "n-times nim, a = " + a.String()
}

// recStep returns the record of the step named name.
func recStep(rec grundyproof.ProofRecord, name string) (grundyproof.StepRecord, bool) {
	for _, s := range rec.Steps {
		if s.Name == name {
			return s, true
		}
	}
	return grundyproof.StepRecord{}, false
}

// verdict is "proved for all n", "**fails** at (n, r) = (..)" or "not run".
func verdict(s grundyproof.StepRecord, ok bool, bold bool) string {
	switch {
	case !ok || s.Holds == nil:
		return "not run"
	case *s.Holds:
		return "holds"
	}
	f := "fails"
	if bold {
		f = "**fails**"
	}
	return f + " at " + leastString(s.Least)
}

func leastString(m map[string]string) string {
	if n, ok := m["n"]; ok {
		if r, ok := m["r"]; ok && len(m) == 2 {
			return fmt.Sprintf("(n, r) = (%s, %s)", n, r)
		}
	}
	var vs, xs []string
	for _, v := range sortedKeys(m) {
		vs = append(vs, v)
		xs = append(xs, m[v])
	}
	return fmt.Sprintf("(%s) = (%s)", strings.Join(vs, ", "), strings.Join(xs, ", "))
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := range ks {
		for j := i + 1; j < len(ks); j++ {
			if ks[j] < ks[i] {
				ks[i], ks[j] = ks[j], ks[i]
			}
		}
	}
	return ks
}

func sizeString(states, tracks int) string {
	if states == 0 {
		return ""
	}
	return fmt.Sprintf("%s states, %d tracks", group(int64(states)), tracks)
}

func automataMarkdown(rec grundyproof.ProofRecord, a grundy.Multiplier) []byte {
	K := rec.MaxG
	d := newDoc(fmt.Sprintf("Positions of each Grundy value of %s, proved by automata", gameName(a)))
	ns := rec.Numeration
	d.line("Written by `compute automata` (packages grundyproof and automatic) from `proof.json`. S_g = {(n, r) : r <= n, G(n, r) = g},")
	d.line("read as the digits of n and r in the numeration `msd_%s` (tracks (n, r), most significant digit first): the", ns.Name)
	d.line("greedy system of the game's own P-position piles, weights %s, ... (f_{k+1} = f_k + f_{k-%d} for large k%s).", strings.Join(ns.Weights, ", "), ns.C, oeisNote(ns))
	d.line("The classes were learned from the breakpoint table%s, then proved for all n by the mex induction: for every", tableNote(rec.TableN))
	d.line("g and every (n, r) with r <= n, S_g(n, r) holds iff some move lands in each S_d, d < g, and none lands in S_g,")
	d.line("a move taking 1 <= k <= r tokens to (n-k, min(%s, n-k)). Every move lowers n, so by induction on n S_g", capText(a))
	d.line("is the set of positions of value g, for all n. `prove.txt` replays every proof in Walnut over the files `gG.txt`,")
	d.line("with the numeration's recogniser and adder (`msd_%s.txt`, `msd_%s_addition.txt`) in its Custom Bases.", ns.Name, ns.Name)
	if grundyproof.Method(rec.Method) == grundyproof.MethodThresholds {
		d.line("The mex statements were proved as the thresholds' recurrence (grundyproof.ThresholdSteps): T_g(n), the least r <= n")
		d.line("outside S_0..S_{g-1} (or n+1), is derived from the classes; cls_g says S_g is [T_g(n), T_{g+1}(n)) on r <= n, and the")
		d.line("lemmas lemu_g, leme_g, lemf_g say T_{g+1}(n) = max(T_g(n), min(mu_g(n), n+1)), mu_g(n) the least move landing in S_g.")
		d.line("The verdict of each mex statement is derived from those four claims.")
	}
	d.line("")
	if g := rec.ProvedUpTo; g >= 0 {
		d.line("**Proved for all n: the positions of Grundy value 0..%d.**", g)
	} else {
		d.line("**Nothing proved.**")
	}
	d.line("")
	d.header("g", "S_g", "states", "mex statement", "largest automaton of its proof")
	for g := 0; g <= K; g++ {
		s, ok := recStep(rec, grundyproof.MexClaim(g).Name)
		v := verdict(s, ok, true)
		if v == "holds" {
			v = "proved"
		}
		states := ""
		if g < len(rec.Classes) {
			states = group(int64(rec.Classes[g]))
		}
		largest := sizeString(s.Largest, s.LargeK)
		for _, step := range grundyproof.MoveSteps(grundyproof.ClassName(g), g) {
			if r, ok := recStep(rec, step.Name); ok && r.Largest > s.Largest {
				largest = sizeString(r.Largest, r.LargeK)
				s.Largest = r.Largest
			}
		}
		d.row(fmt.Sprint(g), fmt.Sprintf("[g%d.txt](g%d.txt)", g, g), states, v, largest)
	}
	d.line("")
	script := grundyproof.ProofScriptFor(grundyproof.Method(rec.Method), a, K)
	_, theorems := grundyproof.TheoremScript(a, K)
	if len(theorems) > 0 {
		d.section("##", "Theorems")
		d.line("Each theorem is the claim that, for all n, r with r <= n, S_g(n, r) holds exactly where the statement says;")
		d.line("z_i(n) is the i-th smallest part of the greedy representation of n (infinite when n has fewer parts): z_1")
		d.line("is read off the digits, z_2(n) = z_1(n - z_1(n)) and z_3(n) = z_2(n - z_1(n)) are defined in the logic.")
		d.line("A theorem is proved for all n when its claim holds and S_g is proved.")
		d.line("")
		d.header("theorem", "statement (as printed)", "source", "verdict")
		for _, th := range theorems {
			s, ok := recStep(rec, th.Claim)
			v := verdict(s, ok, true)
			if v == "holds" {
				v = "proved for all n"
				if th.G > rec.ProvedUpTo {
					v = fmt.Sprintf("holds of S_%d, which is not proved", th.G)
				}
			}
			d.row(th.Name, th.Printed, th.Source, v)
		}
		d.line("")
	}
	d.section("##", "The adder")
	add, _ := recStep(rec, "add")
	zero, ok0 := recStep(rec, "add_zero")
	stepR, ok1 := recStep(rec, "add_step")
	d.line("The adder `msd_%s_addition.txt` (x + y = z, %s states) is built from the weights (deficit vectors, Frougny's", ns.Name, group(int64(add.States)))
	d.line("normalisation) and proved to be addition in this run, by induction on y with the successor defined from the")
	d.line("order: add_zero %s, add_step %s (statements below).", verdict(zero, ok0, true), verdict(stepR, ok1, true))
	d.line("")
	d.section("##", "Every statement, as the prover decided it")
	d.line("In the order the prover ran them (and `prove.txt` replays them); predicates gG are S_g, definitions name")
	d.line("relations, claims are decided for all values of their variables.")
	d.line("")
	d.header("step", "statement", "verdict", "automaton")
	for _, st := range script {
		s, ok := recStep(rec, st.Name)
		var text, v string
		switch st.Kind {
		case automatic.DefineStep:
			text = fmt.Sprintf("%s(%s) := %s", grundyproof.Display(st.Name), strings.Join(st.Vars, ", "), automatic.Print(st.F, grundyproof.Display))
			v = "defined"
		case automatic.RegexStep:
			text = fmt.Sprintf("%s(%s) := the words of %s", grundyproof.Display(st.Name), strings.Join(st.Vars, ", "), st.Regex)
			v = "defined"
		case automatic.ClaimStep:
			text = automatic.Print(st.F, grundyproof.Display)
			v = verdict(s, ok, true)
		}
		if !ok {
			v = "not run"
		}
		d.row(st.Name, "`"+strings.ReplaceAll(text, "|", `\|`)+"`", v, sizeString(s.States, s.Tracks))
	}
	d.line("")
	if len(rec.Learner) > 0 {
		d.section("##", "The learner")
		d.line("T_g = {(n, R'_g(n))}, R'_g(n) = min(R_g(n), n+1), R_g(n) the least r with G(n, r) >= g; S_g is defined from T_g")
		d.line("and T_{g+1}. Classes of prefixes of length l told apart by suffixes of up to m digits, on the numbers of at")
		d.line("most D digits of the table to N; a guess from a smaller table is kept only if it accepts (n, R'_g(n)) for")
		d.line("every n of the whole table. The learner is not trusted: the proofs above are.")
		d.line("")
		d.header("g", "converged", "states of T_g", "N", "m", "D", "classes per prefix length")
		for _, l := range rec.Learner {
			for i, at := range l.Attempts {
				conv, st := "no", ""
				if l.Converged && i == len(l.Attempts)-1 {
					conv, st = "yes", fmt.Sprint(l.States)
				}
				d.row(fmt.Sprint(l.G), conv, st, group(int64(at.N)), fmt.Sprint(at.Suffix), fmt.Sprint(at.Digits), joinInts(at.ClassesPerLength))
			}
			if l.Next != nil {
				d.line("")
				d.line("T_%d did not converge: a table to N = %s may (`compute automata -n %d`).", l.G, group(int64(l.Next.N)), l.Next.N)
				d.line("")
			}
		}
		d.line("")
		d.line("![classes per prefix length](classes.svg)")
		d.line("")
		tableRounds(d, rec.Learner)
	}
	d.line("The time and memory of each step of the run that wrote this folder are in the results folder's")
	d.line("provenance.json (`compute automata` record).")
	return d.Bytes()
}

func oeisNote(ns grundyproof.NumerationInfo) string {
	s := ""
	if ns.From != "" {
		s = fmt.Sprintf("; the same for every real a in [%s, %s)", ns.From, ns.To)
	}
	if ns.OEIS != "" {
		s += "; OEIS " + ns.OEIS
	}
	return s
}

func tableNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" to N = %s", group(int64(n)))
}

func joinInts(x []int) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, " ")
}

// AutomataLaTeX is report.tex of an automata folder's record, the section
// of the note that states the theorem and tabulates the classes.
func AutomataLaTeX(rec grundyproof.ProofRecord) ([]byte, error) {
	a, err := grundy.ParseMultiplier(rec.Multiplier)
	if err != nil {
		return nil, fmt.Errorf("report: proof.json: multiplier %q: %v", rec.Multiplier, err)
	}
	return automataLaTeX(rec, a), nil
}

// automataLaTeX renders the theorem and its table as a section of the
// note (report.tex).
func automataLaTeX(rec grundyproof.ProofRecord, a grundy.Multiplier) []byte {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	g := rec.ProvedUpTo
	p(`%% Written by compute automata (package report, from proof.json); do not edit.`)
	p(`Let $S_g=\{(n,r): r\le n,\ \mathcal{G}(n,r)=g\}$, read as the digits of $n$ and $r$ in the numeration`)
	p(`of the game's own P-position piles (\texttt{msd\_%s}: weights $%s,\dots$), most significant first.`, texText(rec.Numeration.Name), strings.Join(rec.Numeration.Weights[:min(8, len(rec.Numeration.Weights))], ","))
	p(`Candidate automata for $S_g$ were learned from the breakpoint table and then proved for all $n$:`)
	p(`for every $g\le K$ and every $(n,r)$ with $r\le n$, $S_g(n,r)$ holds if and only if some move from`)
	p(`$(n,r)$ lands in $S_d$ for each $d<g$ and no move lands in $S_g$, a move taking $1\le k\le r$ tokens to`)
	p(`$(n-k,\min(%s,n-k))$. These statements are first-order over $(\mathbf{N},+,<)$ with the`, capTeX(a))
	p(`$S_d$ as predicates and were decided by automata (the numeration is Pisot, so addition is automatic);`)
	p(`since every move lowers $n$, induction on $n$ shows that $S_g$ is the set of positions of value $g$.`)
	p(`Walnut replays every proof from the exported files.`)
	p(``)
	if g >= 0 {
		p(`\begin{theorem}[proved by machine]`)
		p(`For every $g\le %d$, the positions of %s with Grundy value $g$ are exactly those`, g, texText(gameName(a)))
		p(`accepted by the automaton of $S_g$ (sizes in Table~\ref{tab:automata-%s}), for all $n$.`, a.Folder())
		p(`\end{theorem}`)
		p(``)
	}
	t := newTex(4, "rrll")
	t.row(`$g$`, `states of $S_g$`, `mex statement`, `largest automaton of its proof`)
	t.midrule()
	for i := 0; i <= rec.MaxG; i++ {
		s, ok := recStep(rec, grundyproof.MexClaim(i).Name)
		v := verdict(s, ok, false)
		if v == "holds" {
			v = "proved for all $n$"
		} else {
			v = texText(v)
		}
		st := ""
		if i < len(rec.Classes) {
			st = texInt(int64(rec.Classes[i]))
		}
		largest := 0
		for _, step := range grundyproof.MoveSteps(grundyproof.ClassName(i), i) {
			if r, ok := recStep(rec, step.Name); ok {
				largest = max(largest, r.Largest)
			}
		}
		largest = max(largest, s.Largest)
		t.row(fmt.Sprint(i), st, v, texInt(int64(largest)))
	}
	p(`\begin{table}[htbp]\centering`)
	b.Write(t.end())
	p(`\caption{The automata of $S_g$ for %s (tracks $(n,r)$, \texttt{msd\_%s}) and their mex-induction proofs; the`, texText(gameName(a)), texText(rec.Numeration.Name))
	p(`last column is the largest automaton (states) any step of the proof built.}`)
	p(`\label{tab:automata-%s}`, a.Folder())
	p(`\end{table}`)
	_, theorems := grundyproof.TheoremScript(a, rec.MaxG)
	if len(theorems) > 0 {
		p(``)
		p(`The following statements, transcribed as printed as formulas in $z_1(n),z_2(n),z_3(n)$ (the smallest parts of`)
		p(`the greedy representation of $n$, $\infty$ when missing), were decided against the proved classes on $r\le n$:`)
		p(`\begin{itemize}`)
		for _, th := range theorems {
			s, ok := recStep(rec, th.Claim)
			v := verdict(s, ok, false)
			if v == "holds" {
				v = "proved for all $n$"
				if th.G > rec.ProvedUpTo {
					v = fmt.Sprintf("holds of $S_%d$, which is not proved", th.G)
				}
			} else {
				v = texText(v)
			}
			p(`\item %s (%s; %s): %s.`, texText(th.Name), texPrinted(th.Printed), texText(th.Source), v)
		}
		p(`\end{itemize}`)
	}
	return []byte(b.String())
}

// capText is floor(a k) as the papers write it: 2k, floor(5k/2).
func capText(a grundy.Multiplier) string {
	if a.Q == 1 {
		return fmt.Sprintf("%dk", a.P)
	}
	return fmt.Sprintf("floor(%dk/%d)", a.P, a.Q)
}

func capTeX(a grundy.Multiplier) string {
	if a.Q == 1 {
		return fmt.Sprintf("%dk", a.P)
	}
	return fmt.Sprintf(`\lfloor %dk/%d\rfloor`, a.P, a.Q)
}

// texPrinted sets a theorem as printed ("G(n, r) = 0 iff r < z_1(n)")
// with its mathematics in math mode, word by word.
func texPrinted(s string) string {
	math := strings.NewReplacer("G(n,", `G(n,`, "<=", `\le `, "iff", "")
	var out []string
	words := strings.Fields(s)
	for i := 0; i < len(words); i++ {
		w := words[i]
		trail := ""
		if strings.HasSuffix(w, ",") && w != "G(n," {
			w, trail = strings.TrimSuffix(w, ","), ","
		}
		switch {
		case w == "iff":
			out = append(out, "if and only if")
		case w == "G(n," && i+1 < len(words):
			out = append(out, "$G(n, "+words[i+1]+"$")
			i++
		case w == "r" || w == "n" || w == "<" || w == "<=" || w == "=" || w == "-" || w == "1" || w == "0" || w == "2" || w == "3" ||
			strings.HasPrefix(w, "z_"):
			out = append(out, "$"+math.Replace(w)+"$"+trail)
			continue
		default:
			out = append(out, texText(w)+trail)
			continue
		}
		out[len(out)-1] += trail
	}
	return strings.Join(out, " ")
}

// tableRounds writes the table learner's rounds (compute automata -learner
// table), if it ran.
func tableRounds(d *doc, ls []grundyproof.LearnerRecord) {
	ran := false
	for _, l := range ls {
		ran = ran || len(l.TableRuns) > 0
	}
	if !ran {
		return
	}
	d.section("###", "The table learner, round by round")
	d.line("automatic.LearnTable reads, for each prefix it classifies, the ranges of rows its residuals need (one range per")
	d.line("suffix length up to m), hashes them, and merges prefixes whose residuals agree wherever both have data. A round")
	d.line("ends with the streamed check of the whole table; a counterexample adds a suffix word. Ambiguous: transitions")
	d.line("the table could not decide (two classes fit). Rows read counts re-reads. (In the rows above, m is the")
	d.line("longest suffix hashed and the classes per prefix length count classes by the length of their shortest prefix.)")
	d.line("")
	d.header("g", "table", "D", "round", "classes", "ambiguous", "depth", "rows read", "verdict")
	for _, l := range ls {
		for _, a := range l.TableRuns {
			for _, r := range a.Rounds {
				d.row(fmt.Sprint(l.G), fmt.Sprintf("%s rows (%s)", group(int64(a.Rows)), a.Source), fmt.Sprint(a.Digits), fmt.Sprint(r.Round),
					group(int64(r.Classes)), group(int64(r.Ambiguous)), fmt.Sprint(r.Depth), group(r.RowsRead), r.Verdict)
			}
		}
	}
	d.line("")
}
