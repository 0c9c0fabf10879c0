package search

import "math"

// EloOf converts a score fraction (wins plus half the draws, over the
// games) to the Elo difference the logistic model gives it.
func EloOf(score float64) float64 {
	score = min(max(score, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/score-1)
}

// EloInterval returns the Elo difference that wins, draws and losses
// imply and its 95% confidence interval (the normal approximation of the
// per-game score's variance, as cutechess-cli and fastchess report it).
func EloInterval(wins, draws, losses int) (elo, lo, hi float64) {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	s, variance := scoreStats(wins, draws, losses)
	margin := 1.959964 * math.Sqrt(variance/n)
	return EloOf(s), EloOf(s - margin), EloOf(s + margin)
}

// scoreStats returns the mean score of a game and its variance.
func scoreStats(wins, draws, losses int) (mean, variance float64) {
	n := float64(wins + draws + losses)
	w, d, l := float64(wins)/n, float64(draws)/n, float64(losses)/n
	mean = w + d/2
	variance = w*(1-mean)*(1-mean) + d*(0.5-mean)*(0.5-mean) + l*mean*mean
	return mean, variance
}

// SPRTBounds are the log-likelihood-ratio bounds of a sequential test
// with 5% false positives and 5% false negatives: below the first, H0
// (the Elo difference is elo0) is accepted; above the second, H1 (elo1).
var SPRTBounds = [2]float64{math.Log(0.05 / 0.95), math.Log(0.95 / 0.05)}

// LLR is the log-likelihood ratio of H1 (the Elo difference is elo1)
// against H0 (it is elo0) after wins, draws and losses: the generalised
// SPRT's normal approximation that fishtest and fastchess use for
// trinomial results. It is 0 until both a win or draw and a loss or draw
// have been seen (the variance is then 0).
func LLR(wins, draws, losses int, elo0, elo1 float64) float64 {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0
	}
	s, variance := scoreStats(wins, draws, losses)
	if variance == 0 {
		return 0
	}
	s0 := 1 / (1 + math.Pow(10, -elo0/400))
	s1 := 1 / (1 + math.Pow(10, -elo1/400))
	return n * (s1 - s0) * (2*s - s0 - s1) / (2 * variance)
}
