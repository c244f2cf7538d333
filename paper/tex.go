package paper

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"fibnim/report"
)

// num is x in math mode with thousands separators.
func num(x int64) string { return report.TeXInt(x) }

func grp(x int64) string { return report.TeXGroup(x) }

// digitRuns matches the runs of digits in a computed value, to group them.
var digitRuns = regexp.MustCompile(`[0-9]+`)

// mathOf typesets a check's "computed" text ("G(471) = 18, G(707) = 21")
// as math, each comma-separated part on its own, numbers grouped.
func mathOf(s string) string {
	var parts []string
	for _, p := range strings.Split(s, ", ") {
		p = digitRuns.ReplaceAllStringFunc(p, func(x string) string {
			if len(x) > 15 {
				return x
			}
			var n int64
			fmt.Sscan(x, &n)
			return grp(n)
		})
		p = strings.NewReplacer(">=", `\ge `, "<=", `\le `).Replace(p)
		parts = append(parts, "$"+p+"$")
	}
	return strings.Join(parts, ", ")
}

// gib writes a byte count in GiB or MiB.
func gib(b int64) string {
	switch {
	case b < 0:
		return "--"
	case b >= 1<<30:
		return fmt.Sprintf("$%.2f$~GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("$%.0f$~MiB", float64(b)/(1<<20))
}

func seconds(s float64) string {
	if s >= 120 {
		return fmt.Sprintf("$%.1f$~min", s/60)
	}
	return fmt.Sprintf("$%.1f$~s", s)
}

// table is the template's {{table NAME LABEL}}: the \input of
// tables/NAME.tex with its notes, or a sentence saying it is missing.
func (v *view) table(name, label, caption string) string {
	file := name + ".tex"
	if !v.d.Tables[file] {
		v.missing["tab:"+label] = "tables/" + file
		return fmt.Sprintf("\\noindent\\emph{Table %s was not written: its data is missing from this results folder.}\\par", report.TeXText(file))
	}
	s := "\\begin{table}[htbp]\n\\centering\\footnotesize\n\\input{../tables/" + file + "}\n\\caption{" + caption + "}\\label{tab:" + label + "}\n"
	if v.d.Tables[name+"_notes.tex"] {
		s += "\\par\\smallskip\\begin{minipage}{0.9\\linewidth}\\footnotesize\\input{../tables/" + name + "_notes.tex}\\end{minipage}\n"
	}
	return s + "\\end{table}"
}

// figure is the template's {{figure NAME}}: the figure's file with its
// caption from figures/README.md, or a sentence saying it is missing.
func (v *view) figure(name string) string {
	file, ok := v.d.Figures[name]
	if !ok {
		ext := ".pdf"
		if rasterFigures[name] {
			ext = ".png"
		}
		v.missing["fig:"+name] = "figures/" + name + ext
		if _, listed := v.d.Captions[name]; listed {
			v.lacks = append(v.lacks, "figures/"+name+ext)
		}
		return fmt.Sprintf("\\noindent\\emph{Figure %s was not drawn: run \\texttt{plot -in results}.}\\par", report.TeXText(name))
	}
	caption, err := captionTeX(v.d.Captions[name])
	if err != nil && v.err == nil {
		v.err = fmt.Errorf("figure %s: %v", name, err)
	}
	return "\\begin{figure}[htbp]\n\\centering\n\\includegraphics[width=\\linewidth]{" + file + "}\n\\caption{" + caption + "}\\label{fig:" + name + "}\n\\end{figure}"
}

// captionTeX turns a caption of figures/README.md into TeX: the text
// escaped, and its mathematics set as mathematics. Package figures writes
// a caption's mathematics between '$', as its labels are written, so the
// note sets it as the figure does: "$0 ≤ r ≤ n$" in math mode, every
// letter italic. In what stands outside '$' (all of a caption that an
// older figures/README.md gives without them), a function of one letter
// applied to its arguments, G(n), R₁(x, y), G(⌈3n/2⌉), is taken for
// mathematics (mathSpans), and the mathematical characters elsewhere are
// set in math mode.
func captionTeX(s string) (string, error) {
	if strings.Count(s, "$")%2 != 0 {
		return "", fmt.Errorf("an odd number of '$' in %q", s)
	}
	var b strings.Builder
	for i, part := range strings.Split(s, "$") {
		if i%2 == 1 {
			m, err := mathTeX(part)
			if err != nil {
				return "", err
			}
			b.WriteString("$" + m + "$")
			continue
		}
		t, err := spansTeX(part)
		if err != nil {
			return "", err
		}
		b.WriteString(t)
	}
	return b.String(), nil
}

// spansTeX writes text that may hold unmarked mathematics (mathSpans).
func spansTeX(s string) (string, error) {
	var b strings.Builder
	for _, sp := range mathSpans(s) {
		if sp.math {
			m, err := mathTeX(sp.s)
			if err != nil {
				return "", err
			}
			b.WriteString("$" + m + "$")
			continue
		}
		t, err := textTeX(sp.s)
		if err != nil {
			return "", err
		}
		b.WriteString(t)
	}
	return b.String(), nil
}

// span is a stretch of a caption: text, or mathematics.
type span struct {
	s    string
	math bool
}

// mathSpans cuts s into text and the applications of a one-letter
// function: a Latin letter that no letter or digit precedes, an optional
// subscript 1 (₁ or _1), and a balanced parenthesis.
func mathSpans(s string) []span {
	rs := []rune(s)
	var out []span
	text := 0
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if !(r < 0x80 && unicode.IsLetter(r)) || i > 0 && (unicode.IsLetter(rs[i-1]) || unicode.IsDigit(rs[i-1])) {
			continue
		}
		j := i + 1
		if j < len(rs) && rs[j] == '₁' {
			j++
		} else if j+1 < len(rs) && rs[j] == '_' && rs[j+1] == '1' {
			j += 2
		}
		if (j >= len(rs) || rs[j] != '(') && j > i+1 && (j == len(rs) || !unicode.IsLetter(rs[j])) {
			// A subscripted letter alone: R_1.
			if text < i {
				out = append(out, span{s: string(rs[text:i])})
			}
			out = append(out, span{s: string(rs[i:j]), math: true})
			text, i = j, j-1
			continue
		}
		if j >= len(rs) || rs[j] != '(' {
			continue
		}
		depth, k := 0, j
		for ; k < len(rs); k++ {
			if rs[k] == '(' {
				depth++
			} else if rs[k] == ')' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		if k == len(rs) || k == j+1 {
			continue // unbalanced, or empty: not an application
		}
		if text < i {
			out = append(out, span{s: string(rs[text:i])})
		}
		out = append(out, span{s: string(rs[i : k+1]), math: true})
		text = k + 1
		i = k
	}
	if text < len(rs) {
		out = append(out, span{s: string(rs[text:])})
	}
	return out
}

// mathTeX writes a span of mathematics in TeX's math mode (without the $):
// the names of functions upright (\ln, as the figures set them), the
// commas that group digits (100,000,000) without the space TeX puts after
// a comma in mathematics.
func mathTeX(s string) (string, error) {
	s = operatorName.ReplaceAllString(s, `\$1 `)
	s = sqrtArg.ReplaceAllString(s, "\x00$1\x01")
	s = strings.NewReplacer("≤", `\le `, "≥", `\ge `, "≈", `\approx `, "α", `\alpha `, "β", `\beta `,
		"−", "-", "⌈", `\lceil `, "⌉", `\rceil `, "⌊", `\lfloor `, "⌋", `\rfloor `, "₀", "_0", "₁", "_1", "₂", "_2", "₃", "_3", "₄", "_4", "₅", "_5", "₆", "_6", "₇", "_7", "₈", "_8", "₉", "_9", "×", `\times `, "…", `\dots `,
		"&", `\&`, "%", `\%`, "#", `\#`, "√", `\sqrt{}`, "{", `\{`, "}", `\}`).Replace(s)
	s = strings.NewReplacer("\x00", `\sqrt{`, "\x01", "}").Replace(s)
	for t := ""; t != s; { // the matches of 100,000,000 overlap
		t, s = s, groupComma.ReplaceAllString(s, "$1{,}$2")
	}
	for i, r := range s {
		if r >= utf8.RuneSelf {
			return "", fmt.Errorf("character %q at byte %d has no LaTeX form here", r, i)
		}
	}
	return s, nil
}

// textTeX writes a span of text, its mathematical characters in math mode.
func textTeX(s string) (string, error) {
	s = sqrtArg.ReplaceAllString(s, "\x00$1\x01")
	s = report.TeXText(s)
	s = strings.NewReplacer("\x00", `$\sqrt{`, "\x01", `}$`, "≤", `$\le$`, "≥", `$\ge$`, "≈", `$\approx$`, "α", `$\alpha$`, "β", `$\beta$`,
		"−", `$-$`, "–", "--", "⌈", `$\lceil$`, "⌉", `$\rceil$`, "₀", `$_0$`, "₁", `$_1$`, "₂", `$_2$`, "₃", `$_3$`, "₄", `$_4$`, "₅", `$_5$`, "₆", `$_6$`, "₇", `$_7$`, "₈", `$_8$`, "₉", `$_9$`, "×", `$\times$`, "√", `$\sqrt{}$`, "…", `\dots{}`).Replace(s)
	for i, r := range s {
		if r >= utf8.RuneSelf {
			return "", fmt.Errorf("character %q at byte %d has no LaTeX form here", r, i)
		}
	}
	return s, nil
}

// operatorName is the name of a function that mathematics sets upright.
var operatorName = regexp.MustCompile(`\b(ln|log|exp|min|max)\b`)

// groupComma is a comma between groups of digits.
var groupComma = regexp.MustCompile(`([0-9]),([0-9]{3})`)

// sqrtArg is √ with the name or number it applies to.
var sqrtArg = regexp.MustCompile(`√([A-Za-z0-9]+)`)

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("$%d$", x)
	}
	return joinAnd(s)
}

// ratLE says whether the fraction x ("7/2") is at most y.
func ratLE(x, y string) bool {
	a, ok1 := new(big.Rat).SetString(x)
	b, ok2 := new(big.Rat).SetString(y)
	return ok1 && ok2 && a.Cmp(b) <= 0
}
