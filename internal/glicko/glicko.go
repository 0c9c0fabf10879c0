// Package glicko is Glicko-2 (Glickman, "Example of the Glicko-2 system",
// 2013) as the trainer's rating.js computes it: the Go twin the build
// uses to write what a new player's rating change will be.
package glicko

import "math"

// Rating is a Glicko-2 rating: the rating, its deviation and volatility.
type Rating struct{ Rating, RD, Vol float64 }

// The constants of rating.js: the Glicko-2 scale, the convergence
// tolerance, the volatility constraint τ and the bounds of a deviation.
const (
	scale = 173.7178
	eps   = 1e-6
	Tau   = 0.75
	MinRD = 45
	MaxRD = 350
)

// Start is a new player's rating (rating.js START).
var Start = Rating{1500, 350, 0.06}

// Result is one game: the opponent's rating and deviation and the
// score (1 a win, 0 a loss).
type Result struct{ Rating, RD, Score float64 }

// Update is rating.js's update: Glickman's Glicko-2 step for one
// rating period, the deviation kept within its bounds when bounded.
func Update(p Rating, results []Result, tau float64, bounded bool) Rating {
	mu, phi, sigma := (p.Rating-1500)/scale, p.RD/scale, p.Vol
	clamp := func(rd float64) float64 {
		if bounded {
			return math.Min(MaxRD, math.Max(MinRD, rd))
		}
		return rd
	}
	if len(results) == 0 {
		return Rating{p.Rating, clamp(scale * math.Sqrt(phi*phi+sigma*sigma)), sigma}
	}
	g := func(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }
	var vInv, sum float64
	for _, r := range results {
		muJ, gJ := (r.Rating-1500)/scale, g(r.RD/scale)
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (r.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A, B := a, 0.0
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > eps {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{1500 + scale*muNew, clamp(scale * phiNew), vol}
}
