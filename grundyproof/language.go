package grundyproof

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The statement language of compute prove, written the way the papers
// write (docs/prove.md has the whole of it, with examples):
//
//	forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))
//	forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5
//
// Terms: variables over N (identifiers), decimal constants of any size,
// +, - (on N: defined where the result is >= 0), a product by a number
// (2k, 2*k, k*2), z1(x), z2(x), z3(x) (the least parts of the greedy
// representation of x, infinite when missing). Atomic formulas: a chain of
// comparisons t < u <= v (=, !=, <, <=, >, >=), G(x, y) compared with a
// number (G(x) is G(x, x)), fib(x), true, false, and the predicates that
// Print writes: S_g(n, r), S_itoj(n, r), z_1(n, z), z_2(n, z), z_3(n, z).
// Connectives, tightest first: not (~), and (&), or (|), => (to the
// right), <=>; forall x, y: ... and exists x: ... reach as far right as
// they can.
// This file reads a statement into its syntax tree (Parse); translate.go
// turns the tree into a formula of package automatic.

// Statement is a statement of the language, parsed.
type Statement struct {
	Source string
	f      sFormula
}

// SyntaxError is a statement that the language does not read: the column
// (1-based, in characters) where reading stopped, and why.
type SyntaxError struct {
	Statement string
	Col       int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Caret returns the statement and, on the line below, a caret under the
// column.
func (e *SyntaxError) Caret() string { return caret(e.Statement, e.Col) }

// caret writes src and a caret under column col (1-based, in characters;
// one past the end for the end of the statement).
func caret(src string, col int) string {
	line := strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || r == '\r' {
			return ' '
		}
		return r
	}, src)
	return line + "\n" + strings.Repeat(" ", max(col-1, 0)) + "^"
}

// The syntax tree. Every node knows its span [from, to) in the statement,
// in characters, for messages and for echoing the text of a term.
type span struct{ from, to int }

func (s span) col() int { return s.from + 1 }

type sTerm interface{ at() span }

type (
	sVar struct {
		span
		name string
	}
	sNum struct {
		span
		n *big.Int
	}
	sAdd struct {
		span
		a, b sTerm
	}
	sSub struct {
		span
		a, b sTerm
	}
	sMul struct { // c*t, c a number
		span
		c *big.Int
		t sTerm
	}
	sPart struct { // z_i(x)
		span
		i int
		x sTerm
	}
	sG struct { // G(x, y): only an operand of a comparison with a number
		span
		x, y sTerm
	}
)

func (t sVar) at() span  { return t.span }
func (t sNum) at() span  { return t.span }
func (t sAdd) at() span  { return t.span }
func (t sSub) at() span  { return t.span }
func (t sMul) at() span  { return t.span }
func (t sPart) at() span { return t.span }
func (t sG) at() span    { return t.span }

type sFormula interface{ at() span }

type (
	sCmp struct { // ts[0] ops[0] ts[1] ops[1] ts[2] ...
		span
		ops []string // "=", "!=", "<", "<=", ">", ">="
		ts  []sTerm
	}
	sPred struct { // a named predicate: fib(x), S_g(n, r), z_1(n, z)
		span
		name string // the predicate's name in the Env: fib, g4, g0to3, zlow
		args []sTerm
	}
	sBool struct {
		span
		v bool
	}
	sNot struct {
		span
		f sFormula
	}
	sAnd struct {
		span
		fs []sFormula
	}
	sOr struct {
		span
		fs []sFormula
	}
	sImpl struct {
		span
		a, b sFormula
	}
	sIff struct {
		span
		a, b sFormula
	}
	sQuant struct {
		span
		all  bool
		vars []string
		f    sFormula
	}
)

func (f sCmp) at() span   { return f.span }
func (f sPred) at() span  { return f.span }
func (f sBool) at() span  { return f.span }
func (f sNot) at() span   { return f.span }
func (f sAnd) at() span   { return f.span }
func (f sOr) at() span    { return f.span }
func (f sImpl) at() span  { return f.span }
func (f sIff) at() span   { return f.span }
func (f sQuant) at() span { return f.span }

// Tokens.
type tokKind int

const (
	tkEOF tokKind = iota
	tkIdent
	tkNum
	tkOp
)

type token struct {
	kind  tokKind
	text  string // an operator in its ASCII spelling (∧ is &)
	from  int    // characters [from, to) of the statement
	to    int
	space bool // whitespace just before it
}

// keywords cannot name variables.
var keywords = map[string]bool{"and": true, "or": true, "not": true, "forall": true, "exists": true, "true": true, "false": true}

// unicodeOps are the papers' symbols, read as the ASCII operators.
var unicodeOps = map[rune]string{'∧': "&", '∨': "|", '¬': "~", '⇒': "=>", '→': "=>", '⇔': "<=>", '↔': "<=>",
	'≤': "<=", '≥': ">=", '≠': "!=", '∀': "forall", '∃': "exists", '·': "*", '×': "*"}

// asciiOps are the operators, longest first so that <=> is read before <=.
var asciiOps = []string{"<=>", "<=", ">=", "=>", "!=", "&&", "||", "+", "-", "*", "(", ")", ",", ":", "<", ">", "=", "&", "|", "~", "!"}

func lex(src string) ([]token, error) {
	rs := []rune(src)
	var toks []token
	space := true
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			space = true
			i++
			continue
		case r >= '0' && r <= '9':
			j := i
			for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
				j++
			}
			toks = append(toks, token{tkNum, string(rs[i:j]), i, j, space})
			i = j
		case r < 128 && (unicode.IsLetter(r) || r == '_'):
			if r == '_' {
				return nil, &SyntaxError{src, i + 1, "a name starts with a letter"}
			}
			j := i
			for j < len(rs) && rs[j] < 128 && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || rs[j] == '_') {
				j++
			}
			toks = append(toks, token{tkIdent, string(rs[i:j]), i, j, space})
			i = j
		default:
			if op, ok := unicodeOps[r]; ok {
				kind := tkOp
				if op == "forall" || op == "exists" {
					kind = tkIdent
				}
				toks = append(toks, token{kind, op, i, i + 1, space})
				i++
				break
			}
			found := false
			for _, op := range asciiOps {
				if strings.HasPrefix(string(rs[i:min(i+3, len(rs))]), op) {
					text := op
					switch op {
					case "&&":
						text = "&"
					case "||":
						text = "|"
					case "!":
						text = "~"
					}
					toks = append(toks, token{tkOp, text, i, i + len(op), space})
					i += len(op)
					found = true
					break
				}
			}
			if !found {
				return nil, &SyntaxError{src, i + 1, fmt.Sprintf("unexpected character %q", r)}
			}
		}
		space = false
	}
	return append(toks, token{tkEOF, "", len(rs), len(rs), space}), nil
}

// Parse reads a statement of the language. Its errors are *SyntaxError,
// naming the column.
func Parse(src string) (*Statement, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{src: src, runes: []rune(src), toks: toks}
	f, serr := p.try(func() sFormula {
		f := p.formula()
		if t := p.peek(); t.kind != tkEOF {
			p.failAt(t, "unexpected %s", describe(t))
		}
		return f
	})
	if serr != nil {
		return nil, serr
	}
	return &Statement{Source: src, f: f}, nil
}

type parser struct {
	src   string
	runes []rune
	toks  []token
	i     int
}

// syntaxPanic carries a SyntaxError up to try.
type syntaxPanic struct{ err *SyntaxError }

func (p *parser) peek() token        { return p.toks[p.i] }
func (p *parser) peekAt(k int) token { return p.toks[min(p.i+k, len(p.toks)-1)] }
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tkEOF {
		p.i++
	}
	return t
}

func (p *parser) failAt(t token, format string, args ...any) {
	panic(syntaxPanic{&SyntaxError{p.src, t.from + 1, fmt.Sprintf(format, args...)}})
}

// try runs parse; on a syntax error it restores the position and returns
// the error.
func (p *parser) try(parse func() sFormula) (f sFormula, err *SyntaxError) {
	start := p.i
	defer func() {
		if r := recover(); r != nil {
			sp, ok := r.(syntaxPanic)
			if !ok {
				panic(r)
			}
			p.i = start
			f, err = nil, sp.err
		}
	}()
	return parse(), nil
}

func describe(t token) string {
	switch t.kind {
	case tkEOF:
		return "end of the statement"
	case tkNum:
		return "number " + t.text
	case tkIdent:
		return strconv.Quote(t.text)
	}
	return strconv.Quote(t.text)
}

func (p *parser) isOp(text string) bool {
	t := p.peek()
	return t.kind == tkOp && t.text == text
}

func (p *parser) isWord(w string) bool {
	t := p.peek()
	return t.kind == tkIdent && t.text == w
}

func (p *parser) expect(text, what string) token {
	t := p.peek()
	if t.kind != tkOp || t.text != text {
		p.failAt(t, "expected %q %s, found %s", text, what, describe(t))
	}
	return p.next()
}

func (p *parser) span(from int) span {
	to := from
	if p.i > 0 {
		to = p.toks[p.i-1].to
	}
	return span{from, to}
}

// formula: a quantifier, or <=> chains of implications.
func (p *parser) formula() sFormula {
	if p.isWord("forall") || p.isWord("exists") {
		return p.quant()
	}
	from := p.peek().from
	f := p.impl()
	for p.isOp("<=>") {
		p.next()
		g := p.impl()
		f = sIff{p.span(from), f, g}
	}
	return f
}

func (p *parser) quant() sFormula {
	q := p.next()
	var vars []string
	for {
		t := p.peek()
		if t.kind != tkIdent || keywords[t.text] {
			p.failAt(t, "expected a variable after %s, found %s", q.text, describe(t))
		}
		p.checkVarName(t)
		if slices.Contains(vars, t.text) {
			p.failAt(t, "%s is bound twice by one %s", t.text, q.text)
		}
		vars = append(vars, t.text)
		p.next()
		if p.isOp(",") {
			p.next()
			continue
		}
		if p.isOp(":") {
			p.next()
			break
		}
		if t := p.peek(); t.kind == tkIdent && !keywords[t.text] {
			continue // forall x y: ...
		}
		p.failAt(p.peek(), "expected \",\" or \":\" after the variable %s of %s, found %s", t.text, q.text, describe(p.peek()))
	}
	f := p.formula() // as far right as it can
	return sQuant{p.span(q.from), q.text == "forall", vars, f}
}

func (p *parser) impl() sFormula {
	from := p.peek().from
	a := p.or()
	if p.isOp("=>") {
		p.next()
		b := p.impl()
		return sImpl{p.span(from), a, b}
	}
	return a
}

func (p *parser) or() sFormula {
	from := p.peek().from
	fs := []sFormula{p.and()}
	for p.isOp("|") || p.isWord("or") {
		p.next()
		fs = append(fs, p.and())
	}
	if len(fs) == 1 {
		return fs[0]
	}
	return sOr{p.span(from), fs}
}

func (p *parser) and() sFormula {
	from := p.peek().from
	fs := []sFormula{p.unary()}
	for p.isOp("&") || p.isWord("and") {
		p.next()
		fs = append(fs, p.unary())
	}
	if len(fs) == 1 {
		return fs[0]
	}
	return sAnd{p.span(from), fs}
}

func (p *parser) unary() sFormula {
	from := p.peek().from
	switch {
	case p.isOp("~") || p.isWord("not"):
		p.next()
		f := p.unary()
		return sNot{p.span(from), f}
	case p.isWord("forall") || p.isWord("exists"):
		return p.quant()
	}
	return p.atom()
}

// atom: (formula), true, false, a predicate, or a comparison. A "(" may
// open either a formula or a term ((n + 1)k <= m): both are tried, and
// when both fail the error that read further is reported.
func (p *parser) atom() sFormula {
	t := p.peek()
	switch {
	case t.kind == tkOp && t.text == "(":
		f, err := p.try(func() sFormula {
			p.next()
			f := p.formula()
			p.expect(")", "to close the \"(\"")
			if n := p.peek(); n.kind == tkOp && (isRelation(n.text) || n.text == "+" || n.text == "-" || n.text == "*") {
				p.failAt(n, "a formula in parentheses cannot be an operand of %q", n.text)
			}
			return f
		})
		if err == nil {
			return f
		}
		g, err2 := p.try(p.comparison)
		if err2 == nil {
			return g
		}
		if err2.Col > err.Col {
			err = err2
		}
		panic(syntaxPanic{err})
	case t.kind == tkIdent && (t.text == "true" || t.text == "false"):
		p.next()
		return sBool{p.span(t.from), t.text == "true"}
	case t.kind == tkIdent && keywords[t.text]:
		p.failAt(t, "expected a formula, found the keyword %s", t.text)
	case t.kind == tkIdent && p.peekAt(1).kind == tkOp && p.peekAt(1).text == "(":
		if name, arity, ok := predicate(t.text); ok {
			return p.pred(name, arity)
		}
	}
	return p.comparison()
}

func isRelation(op string) bool {
	switch op {
	case "=", "!=", "<", "<=", ">", ">=":
		return true
	}
	return false
}

var (
	classPred = regexp.MustCompile(`^S_([0-9]+)$`)
	unionPred = regexp.MustCompile(`^S_([0-9]+)to([0-9]+)$`)
	partPred  = regexp.MustCompile(`^z_([1-3])$`)
	partFunc  = regexp.MustCompile(`^z([1-3])$`)
)

// maxClass bounds the g of S_g that a statement may name (compute automata
// proves at most 40).
const maxClass = 1000

// predicate returns the Env's name and the arity of a predicate as the
// statement writes it (S_4 is g4, z_1 is zlow), or ok false.
func predicate(s string) (name string, arity int, ok bool) {
	if s == "fib" {
		return "fib", 1, true
	}
	if m := classPred.FindStringSubmatch(s); m != nil {
		if g, err := strconv.Atoi(m[1]); err == nil && g <= maxClass && strconv.Itoa(g) == m[1] {
			return ClassName(g), 2, true
		}
	}
	if m := unionPred.FindStringSubmatch(s); m != nil {
		i, err1 := strconv.Atoi(m[1])
		j, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil && i < j && j <= maxClass && strconv.Itoa(i) == m[1] && strconv.Itoa(j) == m[2] {
			return unionName(i, j), 2, true
		}
	}
	if m := partPred.FindStringSubmatch(s); m != nil {
		return partNames[m[1][0]-'1'], 2, true
	}
	return "", 0, false
}

// partNames are the predicates of PartSteps: z = z_i(n).
var partNames = [3]string{"zlow", "ztwo", "zthree"}

// unionName is the predicate of S_i u ... u S_j (i < j).
func unionName(i, j int) string { return fmt.Sprintf("g%dto%d", i, j) }

var unionNameRe = regexp.MustCompile(`^g([0-9]+)to([0-9]+)$`)

// StatementDisplay names predicates as the statement language writes
// them: Display's names (g4 is S_4, zlow z_1), and g0to3 (the union of
// S_0..S_3) is S_0to3. It is the display that Print needs for its output
// to parse back.
func StatementDisplay(name string) string {
	if m := unionNameRe.FindStringSubmatch(name); m != nil {
		return "S_" + m[1] + "to" + m[2]
	}
	return Display(name)
}

func (p *parser) pred(name string, arity int) sFormula {
	t := p.next()
	args := p.args(t)
	if len(args) != arity {
		msg := fmt.Sprintf("%s takes %d argument%s, given %d", t.text, arity, plural(arity), len(args))
		if strings.HasPrefix(t.text, "z_") {
			msg += fmt.Sprintf(" (z_%c(n, z) says z = z%c(n); the part itself is z%c(n))", t.text[2], t.text[2], t.text[2])
		}
		p.failAt(t, "%s", msg)
	}
	p.checkParts(args...)
	return sPred{p.span(t.from), name, args}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// args reads "(t, u, ...)" after the name token t.
func (p *parser) args(name token) []sTerm {
	p.expect("(", "after "+name.text)
	var out []sTerm
	for {
		t := p.term()
		if g, ok := findG(t); ok {
			panic(syntaxPanic{&SyntaxError{p.src, g.col(), fmt.Sprintf("%s is compared with a number, and is no argument of %s", p.text(g), name.text)}})
		}
		out = append(out, t)
		if p.isOp(",") {
			p.next()
			continue
		}
		p.expect(")", "after the arguments of "+name.text)
		return out
	}
}

// comparison: t op u [op v ...], at least one op.
func (p *parser) comparison() sFormula {
	from := p.peek().from
	ts := []sTerm{p.term()}
	var ops []string
	for p.peek().kind == tkOp && isRelation(p.peek().text) {
		ops = append(ops, p.next().text)
		ts = append(ts, p.term())
	}
	if len(ops) == 0 {
		t := p.peek()
		if g, ok := ts[0].(sG); ok {
			p.failAt(t, "%s is a number: compare it, as in %s = 0", p.text(g.span), p.text(g.span))
		}
		p.failAt(t, "expected a comparison (=, !=, <, <=, >, >=) after %s, found %s", p.text(ts[0].at()), describe(t))
	}
	// G(x, y) is compared with a number, and is no part of a sum.
	for i, t := range ts {
		if g, ok := t.(sG); ok {
			for _, j := range []int{i - 1, i + 1} {
				if j < 0 || j >= len(ts) {
					continue
				}
				if _, num := ts[j].(sNum); !num {
					panic(syntaxPanic{&SyntaxError{p.src, ts[j].at().col(), fmt.Sprintf("%s is compared with a number (G(x, y) = 3, G(x, y) >= 2), not with %s", p.text(g.span), p.text(ts[j].at()))}})
				}
			}
		} else if g, ok := findG(t); ok {
			panic(syntaxPanic{&SyntaxError{p.src, g.col(), fmt.Sprintf("%s is compared with a number, and is no part of a term", p.text(g))}})
		}
	}
	for i := range ops {
		p.checkParts(ts[i], ts[i+1])
	}
	return sCmp{p.span(from), ops, ts}
}

// MaxParts is the most terms z1(x), z2(x), z3(x) one comparison or
// predicate may hold: each doubles the cases it is decided in (the part
// finite or infinite).
const MaxParts = 8

// checkParts refuses an atom whose terms ts hold more than MaxParts parts.
func (p *parser) checkParts(ts ...sTerm) {
	var ps []span
	var walk func(t sTerm)
	walk = func(t sTerm) {
		switch t := t.(type) {
		case sAdd:
			walk(t.a)
			walk(t.b)
		case sSub:
			walk(t.a)
			walk(t.b)
		case sMul:
			walk(t.t)
		case sPart:
			ps = append(ps, t.span)
			walk(t.x)
		case sG:
			walk(t.x)
			walk(t.y)
		}
	}
	for _, t := range ts {
		walk(t)
	}
	if len(ps) > MaxParts {
		panic(syntaxPanic{&SyntaxError{p.src, ps[MaxParts].col(), fmt.Sprintf("one comparison holds %d terms z1(x), z2(x), z3(x), more than %d (each doubles the cases it is decided in): split it", len(ps), MaxParts)}})
	}
}

// findG returns the span of a G(x, y) inside t.
func findG(t sTerm) (span, bool) {
	switch t := t.(type) {
	case sG:
		return t.span, true
	case sAdd:
		if s, ok := findG(t.a); ok {
			return s, ok
		}
		return findG(t.b)
	case sSub:
		if s, ok := findG(t.a); ok {
			return s, ok
		}
		return findG(t.b)
	case sMul:
		return findG(t.t)
	case sPart:
		return findG(t.x)
	}
	return span{}, false
}

func (p *parser) text(s span) string { return string(p.runes[s.from:s.to]) }

// term: products joined by + and - (to the left).
func (p *parser) term() sTerm {
	from := p.peek().from
	t := p.product()
	for p.isOp("+") || p.isOp("-") {
		op := p.next().text
		u := p.product()
		if op == "+" {
			t = sAdd{p.span(from), t, u}
		} else {
			t = sSub{p.span(from), t, u}
		}
	}
	return t
}

// product: factors joined by *, each product by a number. A number first
// takes the whole product after it (2*3*k is 2*(3*k), as Print writes
// it); otherwise the numbers follow (k*2*3 is (k*2)*3).
func (p *parser) product() sTerm {
	from := p.peek().from
	t := p.factor()
	if isNum(t) && p.isOp("*") {
		p.next()
		u := p.product()
		return sMul{p.span(from), t.(sNum).n, u}
	}
	for p.isOp("*") {
		star := p.next()
		u := p.factor()
		switch {
		case isNum(t):
			t = sMul{p.span(from), t.(sNum).n, u}
		case isNum(u):
			t = sMul{p.span(from), u.(sNum).n, t}
		default:
			p.failAt(star, "a product needs a number on one side (2k, 2*k, k*2), not %s * %s", p.text(t.at()), p.text(u.at()))
		}
	}
	return t
}

func isNum(t sTerm) bool { _, ok := t.(sNum); return ok }

// factor: a number (2k: the number times what follows it at once), a
// variable, G(x, y), z1(x), z2(x), z3(x), or (term).
func (p *parser) factor() sTerm {
	t := p.peek()
	switch {
	case t.kind == tkNum:
		p.next()
		n, _ := new(big.Int).SetString(t.text, 10)
		num := sNum{span{t.from, t.to}, n}
		if nx := p.peek(); !nx.space && (nx.kind == tkIdent && !keywords[nx.text] || nx.kind == tkOp && nx.text == "(") {
			u := p.factor()
			return sMul{p.span(t.from), n, u}
		}
		return num
	case t.kind == tkOp && t.text == "(":
		p.next()
		u := p.term()
		p.expect(")", "to close the \"(\"")
		return u
	case t.kind == tkIdent && !keywords[t.text]:
		if nx := p.peekAt(1); nx.kind == tkOp && nx.text == "(" {
			return p.function(t)
		}
		p.checkVarName(t)
		p.next()
		return sVar{span{t.from, t.to}, t.text}
	}
	p.failAt(t, "expected a term (a variable, a number, G(x, y), z1(x), ...), found %s", describe(t))
	return nil
}

func (p *parser) function(t token) sTerm {
	switch {
	case t.text == "G":
		p.next()
		args := p.args(t)
		switch len(args) {
		case 1:
			return sG{p.span(t.from), args[0], args[0]}
		case 2:
			return sG{p.span(t.from), args[0], args[1]}
		}
		p.failAt(t, "G takes 2 arguments, G(n, r) (or one: G(n) is G(n, n)), given %d", len(args))
	case partFunc.MatchString(t.text):
		p.next()
		args := p.args(t)
		if len(args) != 1 {
			p.failAt(t, "%s takes 1 argument, given %d", t.text, len(args))
		}
		return sPart{p.span(t.from), int(t.text[1] - '0'), args[0]}
	}
	if _, _, ok := predicate(t.text); ok {
		p.failAt(t, "%s(...) is a statement, not a number", t.text)
	}
	p.failAt(t, "unknown function %s: the functions are G(x, y), z1(x), z2(x), z3(x), and the predicates fib(x), S_g(n, r), z_i(n, z)", t.text)
	return nil
}

// reservedVar reports why a name cannot be a variable, or "".
func reservedVar(s string) string {
	switch {
	case keywords[s]:
		return "a keyword"
	case s == "G" || partFunc.MatchString(s):
		return "a function"
	case s == "A" || s == "E":
		return "Walnut's quantifier"
	}
	if _, _, ok := predicate(s); ok {
		return "a predicate"
	}
	return ""
}

func (p *parser) checkVarName(t token) {
	if why := reservedVar(t.text); why != "" {
		p.failAt(t, "%s is %s, not a variable: name the variable otherwise", t.text, why)
	}
}
