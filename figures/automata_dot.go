package figures

import (
	"fmt"
	"strings"

	"fibnim/automatic"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/encoding"
	"gonum.org/v1/gonum/graph/encoding/dot"
	"gonum.org/v1/gonum/graph/iterator"
)

// DOT returns a drawing of a in Graphviz's DOT language (gonum's
// encoder): states as circles (double for accepting, the start marked),
// one edge per pair of states labelled with its symbols, each the digits
// of the tracks in order (for S_g: "n r"). `dot -Tsvg` draws it.
func DOT(a *automatic.Automaton, name string) ([]byte, error) {
	g := &dotGraph{edges: map[[2]int64]dotEdge{}}
	for s := range a.States() {
		g.nodes = append(g.nodes, dotNode{id: int64(s), accept: a.Accepting(s), start: s == 0})
	}
	g.from = make([][]graph.Node, a.States())
	g.to = make([][]graph.Node, a.States())
	for s := range a.States() {
		labels := map[int][]string{}
		var order []int
		for sym := 0; sym < 1<<a.Tracks(); sym++ {
			t := a.Next(s, uint32(sym))
			if t < 0 {
				continue
			}
			if _, ok := labels[t]; !ok {
				order = append(order, t)
			}
			var d []string
			for i := range a.Tracks() {
				d = append(d, fmt.Sprint(sym>>uint(i)&1))
			}
			labels[t] = append(labels[t], strings.Join(d, ""))
		}
		for _, t := range order {
			e := dotEdge{from: g.nodes[s], to: g.nodes[t], label: strings.Join(labels[t], ",")}
			g.edges[[2]int64{int64(s), int64(t)}] = e
			g.from[s] = append(g.from[s], g.nodes[t])
			g.to[t] = append(g.to[t], g.nodes[s])
		}
	}
	return dot.Marshal(g, name, "", "  ")
}

// dotGraph is a directed graph with self loops (gonum's simple graphs
// refuse them), enough for dot.Marshal.
type dotGraph struct {
	nodes    []graph.Node
	from, to [][]graph.Node
	edges    map[[2]int64]dotEdge
}

func (g *dotGraph) Node(id int64) graph.Node {
	if id < 0 || id >= int64(len(g.nodes)) {
		return nil
	}
	return g.nodes[id]
}
func (g *dotGraph) Nodes() graph.Nodes            { return iterator.NewOrderedNodes(g.nodes) }
func (g *dotGraph) From(id int64) graph.Nodes     { return iterator.NewOrderedNodes(g.from[id]) }
func (g *dotGraph) To(id int64) graph.Nodes       { return iterator.NewOrderedNodes(g.to[id]) }
func (g *dotGraph) HasEdgeFromTo(u, v int64) bool { _, ok := g.edges[[2]int64{u, v}]; return ok }
func (g *dotGraph) HasEdgeBetween(x, y int64) bool {
	return g.HasEdgeFromTo(x, y) || g.HasEdgeFromTo(y, x)
}
func (g *dotGraph) Edge(u, v int64) graph.Edge {
	if e, ok := g.edges[[2]int64{u, v}]; ok {
		return e
	}
	return nil
}

func (*dotGraph) DOTAttributers() (graphA, nodeA, edgeA encoding.Attributer) {
	return attrs{{Key: "rankdir", Value: "LR"}}, attrs{{Key: "shape", Value: "circle"}}, attrs{}
}

type attrs []encoding.Attribute

func (a attrs) Attributes() []encoding.Attribute { return a }

type dotNode struct {
	id            int64
	accept, start bool
}

func (n dotNode) ID() int64 { return n.id }

func (n dotNode) Attributes() []encoding.Attribute {
	var a []encoding.Attribute
	if n.accept {
		a = append(a, encoding.Attribute{Key: "shape", Value: "doublecircle"})
	}
	if n.start {
		a = append(a, encoding.Attribute{Key: "style", Value: "bold"})
	}
	return a
}

type dotEdge struct {
	from, to graph.Node
	label    string
}

func (e dotEdge) From() graph.Node         { return e.from }
func (e dotEdge) To() graph.Node           { return e.to }
func (e dotEdge) ReversedEdge() graph.Edge { return dotEdge{e.to, e.from, e.label} }
func (e dotEdge) Attributes() []encoding.Attribute {
	return []encoding.Attribute{{Key: "label", Value: fmt.Sprintf("%q", e.label)}}
}
