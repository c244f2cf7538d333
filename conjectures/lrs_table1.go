package conjectures

import (
	"fmt"
	"strconv"
	"strings"
)

// lrsTable1Print is Table 1 of Larsson & Rubinstein-Salzedo ("Grundy values
// for Fibonacci nim"), copied verbatim, tabs included, from the plain-text
// extraction in shared/papers (lines 21-42 of
// larsson-rubinstein-salzedo-grundy-values-of-fibonacci-nim.txt). It is a
// transcription of what is printed and must not be edited to agree with the
// computation; the comparison reports every difference.
const lrsTable1Print = `
$n \setminus r$	0	1	2	3	4	5	6	7	8	9	10	11	12	13	14	15	16	17	18	19	20	
0	0																					
1	0	1																				
2	0	0	2																			
3	0	0	0	3																		
4	0	1	1	3	3																	
5	0	0	0	0	0	4																
6	0	1	1	1	1	4	4															
7	0	0	2	2	2	4	4	4														
8	0	0	0	0	0	0	0	0	5													
9	0	1	1	1	1	1	1	1	5	5												
10	0	0	2	2	2	2	2	2	5	5	5											
11	0	0	0	3	3	3	3	5	5	5	5	5										
12	0	1	1	3	3	3	3	3	6	6	6	6	6									
13	0	0	0	0	0	0	0	0	0	0	0	0	0	6								
14	0	1	1	1	1	1	1	1	1	1	1	1	1	6	6							
15	0	0	2	2	2	2	2	2	2	2	2	2	2	6	6	6						
16	0	0	0	3	3	3	3	3	3	3	3	3	7	7	7	7	7					
17	0	1	1	3	3	3	3	3	3	3	3	3	3	7	7	7	7	7			7	
18	0	0	0	0	0	4	4	4	4	4	4	7	7	7	7	7	7	7	7		7	7
19	0	1	1	1	1	4	4	4	4	4	4	4	7	7	7	7	7	7	7	7	7	7
20	0	0	2	2	2	4	4	4	4	4	4	4	4	7	7	7	7	7	7	7	7	7
`

// PrintedCell is one non-empty cell of the printed Table 1.
type PrintedCell struct {
	N, R  int
	Value string // as printed
}

// LRSTable1Printed parses the transcription: the header row gives the r of
// each column; every non-empty cell of rows 0..20 is returned, including
// cells that fall outside 0 <= r <= n or beyond the header (the extraction
// put stray cells there).
func LRSTable1Printed() []PrintedCell {
	lines := strings.Split(strings.Trim(lrsTable1Print, "\n"), "\n")
	header := strings.Split(lines[0], "\t")[1:]
	var cells []PrintedCell
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		n, err := strconv.Atoi(f[0])
		if err != nil {
			panic(fmt.Sprintf("conjectures: bad row label %q in Table 1 transcription", f[0]))
		}
		for j, v := range f[1:] {
			if v == "" {
				continue
			}
			r := j // column j is r = j; columns past the header continue the count
			if j < len(header) && header[j] != "" {
				r, _ = strconv.Atoi(header[j])
			}
			cells = append(cells, PrintedCell{N: n, R: r, Value: v})
		}
	}
	return cells
}

// Table1Cell is one cell of the comparison between computation and print.
type Table1Cell struct {
	N, R     int
	Computed int    // -1 when (n, r) is not a position (r > n)
	Printed  string // "" when the print has no value there
	Status   string // agree, differs, not-printed, outside-table
}

// CompareLRSTable1 compares G(n, r) for 0 <= r <= n <= 20, computed by g,
// with the printed Table 1, cell by cell. Printed cells with r > n are
// reported with status outside-table.
func CompareLRSTable1(g func(n, r int) int) []Table1Cell {
	printed := map[[2]int]string{}
	var outside []Table1Cell
	for _, c := range LRSTable1Printed() {
		if c.R > c.N {
			outside = append(outside, Table1Cell{N: c.N, R: c.R, Computed: -1, Printed: c.Value, Status: "outside-table"})
			continue
		}
		printed[[2]int{c.N, c.R}] = c.Value
	}
	var out []Table1Cell
	for n := 0; n <= 20; n++ {
		for r := 0; r <= n; r++ {
			c := Table1Cell{N: n, R: r, Computed: g(n, r), Printed: printed[[2]int{n, r}]}
			switch {
			case c.Printed == "":
				c.Status = "not-printed"
			case c.Printed == strconv.Itoa(c.Computed):
				c.Status = "agree"
			default:
				c.Status = "differs"
			}
			out = append(out, c)
		}
	}
	return append(out, outside...)
}
