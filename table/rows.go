package table

// StartValue is one row of grundy/mult=A/start_values.parquet.
type StartValue struct {
	N      int64 `parquet:"n,delta"`      // pile size n
	GStart int32 `parquet:"g_start,dict"` // G(n, n-1), the starting position; G(0,0) for n = 0
	GFull  int32 `parquet:"g_full,dict"`  // G(n) = G(n, n)
}

// DenseCell is one row of grundy/mult=A/dense.parquet.
type DenseCell struct {
	N int32 `parquet:"n,delta"`
	R int32 `parquet:"r,delta"`
	G int32 `parquet:"g,dict"`
}
