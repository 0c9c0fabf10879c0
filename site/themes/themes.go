// Package themes names puzzle themes for people.
package themes

import (
	"strings"
	"unicode"
)

// themeWords are the names people read for puzzle themes: the proof's
// (verify.proofThemes, verify.HoldTheme) and lichess's most common ones.
// A theme not listed is spelt out from its identifier (backRankMate →
// "Back rank mate").
var themeWords = map[string]string{
	"mate": "Mate", "mateIn1": "Mate in 1", "mateIn2": "Mate in 2", "mateIn3": "Mate in 3", "mateIn4": "Mate in 4", "mateIn5": "Mate in 5",
	"oneMove": "One move", "onlyMove": "Only move", "quietMove": "Quiet move", "capture": "Capture", "sacrifice": "Sacrifice",
	"promotion": "Promotion", "zugzwang": "Zugzwang", "ban": "Ban Chess", "holdDraw": "Hold the draw", "race": "Race",
	"short": "Short", "long": "Long", "veryLong": "Very long", "backRankMate": "Back-rank mate", "smotheredMate": "Smothered mate",
	"endgame": "Endgame", "middlegame": "Middlegame", "opening": "Opening", "advantage": "Advantage", "crushing": "Crushing",
	"enPassant": "En passant", "xRayAttack": "X-ray attack", "doubleCheck": "Double check", "kingsideAttack": "Kingside attack",
	"queensideAttack": "Queenside attack", "hookMate": "Hook mate", "arabianMate": "Arabian mate", "anastasiaMate": "Anastasia's mate",
	"bodenMate": "Boden's mate", "dovetailMate": "Dovetail mate", "doubleBishopMate": "Double-bishop mate",
	"attackingF2F7": "Attacking f2 or f7", "pillsburysMate": "Pillsbury's mate", "morphysMate": "Morphy's mate",
	"swallowstailMate": "Swallow's tail mate",
}

// Title names a theme for people.
func Title(t string) string {
	if w, ok := themeWords[t]; ok {
		return w
	}
	var b strings.Builder
	for i, r := range t {
		switch {
		case i == 0:
			b.WriteRune(unicode.ToUpper(r))
		case unicode.IsUpper(r):
			b.WriteByte(' ')
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsDigit(r) && i > 0 && !unicode.IsDigit(rune(t[i-1])):
			b.WriteByte(' ')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
