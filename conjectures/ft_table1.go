package conjectures

// FTRow is one row of the integer half of Table 1 of Frankl & Tokushige,
// "The game of n-times nim" (2003), as printed: columns n, L, c(n), U,
// floor(n log n). Transcribed from shared/papers/frankl-tokushige-2003-n-times-nim.txt.
type FTRow struct {
	A, L, C, U, ALogA int
}

// FTTable1Printed is the integer half of Table 1 as printed. It must not be
// edited to agree with the computation.
var FTTable1Printed = []FTRow{
	{2, 1, 1, 1, 1},
	{3, 2, 3, 3, 3},
	{4, 4, 5, 6, 5},
	{5, 7, 7, 8, 8},
	{6, 9, 10, 11, 10},
	{7, 12, 13, 14, 13},
	{8, 15, 16, 17, 16},
	{9, 18, 19, 20, 19},
	{10, 21, 22, 24, 23},
	{11, 25, 25, 27, 26},
	{12, 28, 29, 31, 29},
	{13, 32, 32, 34, 33},
	{14, 35, 37, 38, 36},
}

// FTInterval is one row of the real half of Table 1 as printed:
// c(n) = C for Lo <= n < Hi (exact fractions as printed).
type FTInterval struct {
	Lo, Hi string
	C      int
}

// FTRealPrinted is the real half of Table 1 as printed.
var FTRealPrinted = []FTInterval{
	{"1", "2", 0},
	{"2", "5/2", 1},
	{"5/2", "3", 2},
	{"3", "7/2", 3},
	{"7/2", "43/11", 4},
	{"43/11", "13/3", 5},
	{"13/3", "14/3", 6},
	{"14/3", "51/10", 7},
}

// FTSequencePrinted is one of the two example sequences printed after
// Table 1: F(n) for Lo <= n < Hi.
type FTSequencePrinted struct {
	Lo, Hi string
	F      []int
}

// FTSequencesPrinted are the two printed sequences that share c = 4.
var FTSequencesPrinted = []FTSequencePrinted{
	{"7/2", "11/3", []int{1, 2, 3, 4, 6, 8, 11, 15, 21, 27, 35, 46}},
	{"11/3", "43/11", []int{1, 2, 3, 4, 6, 8, 11, 14, 18, 24, 32, 43}},
}
