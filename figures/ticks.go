package figures

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// logX and logY make an axis logarithmic, labelled at powers of ten.
func logX(p *plot.Plot) { logAxis(&p.X) }
func logY(p *plot.Plot) { logAxis(&p.Y) }

// The labels of log y axes are kept short: gonum/plot v0.17 reserves room
// for a vertical axis's label centred at the data value (min+max)/2, which
// on a log axis lies near the top, so a long label there leaves a white
// band above the plot (verticalAxis.GlyphBoxes); the decade labels say
// that the scale is logarithmic.
func logAxis(a *plot.Axis) {
	a.Scale = plot.LogScale{}
	a.Tick.Marker = decadeTicks{}
	a.Tick.Label.Handler = powerHandler
}

// decadeTicks marks a log axis at powers of ten. At most about eight are
// labelled, all in one notation, "10^k", which powerHandler draws with a
// raised exponent, so that a range of many decades
// stays legible; the other decades get unlabelled ticks, and a range of
// three decades or less also gets ticks at 2..9 times each power. The
// labels count down from the top decade on the axis, so the top one is
// always labelled.
type decadeTicks struct{}

func (decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	if lo <= 0 || hi < lo {
		return nil
	}
	d0, d1 := int(math.Floor(math.Log10(lo)+1e-9)), int(math.Ceil(math.Log10(hi)-1e-9))
	step := max(1, (d1-d0+7)/8)
	top := int(math.Floor(math.Log10(hi) + 1e-9)) // the largest decade on the axis
	var ts []plot.Tick
	for d := d0; d <= d1; d++ {
		v := math.Pow(10, float64(d))
		if v >= lo*(1-1e-9) && v <= hi*(1+1e-9) {
			t := plot.Tick{Value: v}
			if (top-d)%step == 0 {
				t.Label = decadeLabel(d)
			}
			ts = append(ts, t)
		}
		if d1-d0 <= 3 {
			for m := 2; m <= 9; m++ {
				if w := float64(m) * v; w >= lo && w <= hi {
					ts = append(ts, plot.Tick{Value: w})
				}
			}
		}
	}
	return ts
}

// roundLog ends each log axis of p at a power of ten where its data end
// more than twice past one, so that the axis's top and bottom decades are
// labelled rather than left as an unlabelled stretch.
func roundLog(p *plot.Plot) {
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		if _, ok := a.Scale.(plot.LogScale); !ok || a.Min <= 0 || a.Max <= a.Min {
			continue
		}
		if up := math.Pow(10, math.Ceil(math.Log10(a.Max)-1e-9)); up/a.Max < 5 && a.Max/math.Pow(10, math.Floor(math.Log10(a.Max)+1e-9)) > 2 {
			a.Max = up
		}
		if down := math.Pow(10, math.Floor(math.Log10(a.Min)+1e-9)); a.Min/down > 2 && a.Min/down < 10 && a.Min >= 1 {
			a.Min = down
		}
	}
}

// decadeLabel is 10^d for powerHandler.
func decadeLabel(d int) string { return "10^" + strconv.Itoa(d) }

// integerTicks labels every integer in lo..hi: for short value ranges.
func integerTicks(lo, hi int) plot.ConstantTicks {
	var ts []plot.Tick
	for k := lo; k <= hi; k++ {
		ts = append(ts, plot.Tick{Value: float64(k), Label: fmt.Sprint(k)})
	}
	return ts
}

// niceTicks labels a linear axis every 1, 2 or 5 times a power of ten,
// chosen so that about five to eleven labels show, with an unlabelled tick
// between each two. (gonum's default often labels only three.)
type niceTicks struct{}

func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return nil
	}
	raw := (hi - lo) / 10
	e := int(math.Floor(math.Log10(raw)))
	p := math.Pow(10, float64(e))
	step := p
	for _, m := range []float64{1, 2, 5, 10} {
		if step = m * p; step >= raw {
			break
		}
	}
	if step >= 10*p {
		e++
	}
	decimals := max(0, -e)
	var ts []plot.Tick
	for i := math.Ceil(lo/step*2 - 1e-9); i*step/2 <= hi+1e-9*step; i++ {
		v := i * step / 2
		t := plot.Tick{Value: v}
		if int64(i)%2 == 0 {
			t.Label = strconv.FormatFloat(v, 'f', decimals, 64)
			if t.Label == "-"+strconv.FormatFloat(0, 'f', decimals, 64) {
				t.Label = t.Label[1:]
			}
		}
		ts = append(ts, t)
	}
	return ts
}
