package glicko

import (
	"math"
	"testing"
)

// Glickman's worked example, as rating.test.js checks its twin.
func TestGlickoUpdateWorkedExample(t *testing.T) {
	p := Update(Rating{1500, 200, 0.06}, []Result{{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}}, 0.5, false)
	if math.Abs(p.Rating-1464.06) > 0.02 || math.Abs(p.RD-151.52) > 0.02 || math.Abs(p.Vol-0.06) > 5e-6 {
		t.Errorf("Glickman's example gives %+v, want 1464.06, 151.52, 0.06000", p)
	}
	if won, lost := Update(Start, []Result{{1500, 80, 1}}, Tau, true), Update(Start, []Result{{1500, 80, 0}}, Tau, true); won.Rating <= 1500 || lost.Rating >= 1500 {
		t.Errorf("a win gives %.1f and a loss %.1f from 1500", won.Rating, lost.Rating)
	}
}
