package parquetfile

import (
	"bytes"
	"math/rand/v2"
	"sync"
	"testing"

	pqzstd "github.com/parquet-go/parquet-go/compress/zstd"
)

// TestFastZstdFrames checks that what fastZstd writes, from several
// goroutines at once, is standard zstd that parquet-go's own codec reads
// back unchanged.
func TestFastZstdFrames(t *testing.T) {
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, 1))
			for i := 0; i < 20; i++ {
				src := make([]byte, rng.IntN(1<<18))
				for j := range src {
					src[j] = byte(rng.IntN(4 + i*12)) // from very to barely compressible
				}
				enc, err := codec.Encode(nil, src)
				if err != nil {
					t.Error(err)
					return
				}
				var std pqzstd.Codec
				dec, err := std.Decode(nil, enc)
				if err != nil || !bytes.Equal(dec, src) {
					t.Errorf("seed %d, page %d: %d bytes do not round-trip (%v)", seed, i, len(src), err)
					return
				}
			}
		}(uint64(w))
	}
	wg.Wait()
}
