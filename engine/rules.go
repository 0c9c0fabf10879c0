// JavaScript twin: templates/static/js/rules-rules.js.

package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Goal is what wins a game.
type Goal uint8

// Goals.
const (
	// GoalCheckmate: mate wins, stalemate draws.
	GoalCheckmate Goal = iota
	// GoalRace: the first side to move a piece onto its far rank wins and a
	// side with no legal move loses.
	GoalRace
)

func (g Goal) String() string {
	if g == GoalRace {
		return "race"
	}
	return "checkmate"
}

// Rules are the switchable rules of a variant. The zero value is not
// useful; start from a preset with Preset.
type Rules struct {
	// Preset is the name of the preset these rules started from.
	Preset string

	Castling   bool
	EnPassant  bool
	DoubleStep bool
	// Promotion is the set of piece types a pawn may promote to, as a
	// bit set indexed by PieceType. Zero means pawns never promote (and so
	// cannot step onto the last rank).
	Promotion uint8
	// PromoteToCaptured restricts promotion to piece types the side has
	// lost: fewer on the board than in InitialMaterial.
	PromoteToCaptured bool
	// InitialMaterial is each side's count of each piece type at the
	// start, used by PromoteToCaptured.
	InitialMaterial [2][7]int8

	FiftyMove            bool
	Threefold            bool
	InsufficientMaterial bool
	// Bans turns on Ban Chess.
	Bans bool
	Goal Goal
	// OneD marks the 1-D preset: bishops and pawns are not allowed.
	OneD bool
}

// PromotionSet returns the set as a bit set for a list of types.
func PromotionSet(types ...PieceType) uint8 {
	var m uint8
	for _, t := range types {
		m |= 1 << t
	}
	return m
}

// CanPromoteTo reports whether t is in the promotion set.
func (r *Rules) CanPromoteTo(t PieceType) bool { return r.Promotion&(1<<t) != 0 }

// PromotionTypes returns the promotion set in the order q r b n.
func (r *Rules) PromotionTypes() []PieceType {
	var out []PieceType
	for _, t := range []PieceType{Queen, Rook, Bishop, Knight, King} {
		if r.CanPromoteTo(t) {
			out = append(out, t)
		}
	}
	return out
}

// Presets lists the names of the rule presets.
var Presets = []string{"1d", "chess", "gardner", "losalamos", "race"}

// Preset returns the rules of a named preset.
func Preset(name string) (*Rules, error) {
	r := &Rules{Preset: name, FiftyMove: true, Threefold: true, InsufficientMaterial: true}
	qrbn := PromotionSet(Queen, Rook, Bishop, Knight)
	switch name {
	case "1d":
		r.OneD = true
	case "chess":
		r.Castling, r.EnPassant, r.DoubleStep, r.Promotion = true, true, true, qrbn
	case "gardner":
		r.Promotion = qrbn
	case "losalamos":
		r.Promotion = PromotionSet(Queen, Rook, Knight)
	case "race":
		r.Goal = GoalRace
		r.InsufficientMaterial = false
	default:
		return nil, fmt.Errorf("unknown variant %q (want one of %s)", name, strings.Join(Presets, ", "))
	}
	return r, nil
}

// MustPreset is Preset for names known to exist.
func MustPreset(name string) *Rules {
	r, err := Preset(name)
	if err != nil {
		panic(err)
	}
	return r
}

// RuleNames lists the rules a mode may override, in sorted order.
var RuleNames = []string{"bans", "castling", "double_step", "en_passant", "fifty_move", "goal",
	"insufficient_material", "promote_to_captured", "promotion", "threefold"}

// SetBool sets one boolean rule by its mode-file name.
func (r *Rules) SetBool(name string, v bool) error {
	switch name {
	case "castling":
		r.Castling = v
	case "en_passant":
		r.EnPassant = v
	case "double_step":
		r.DoubleStep = v
	case "promote_to_captured":
		r.PromoteToCaptured = v
	case "fifty_move":
		r.FiftyMove = v
	case "threefold":
		r.Threefold = v
	case "insufficient_material":
		r.InsufficientMaterial = v
	case "bans":
		r.Bans = v
	case "promotion":
		if v {
			return fmt.Errorf("promotion: want a list of piece letters such as [q, r, b, n], or false")
		}
		r.Promotion = 0
	default:
		if i := sort.SearchStrings(RuleNames, name); i < len(RuleNames) && RuleNames[i] == name {
			return fmt.Errorf("rule %q does not take true or false", name)
		}
		return fmt.Errorf("unknown rule %q (want one of %s)", name, strings.Join(RuleNames, ", "))
	}
	return nil
}

// SetGoal sets the goal by name: "checkmate" or "race".
func (r *Rules) SetGoal(name string) error {
	switch name {
	case "checkmate":
		r.Goal = GoalCheckmate
	case "race":
		r.Goal = GoalRace
	default:
		return fmt.Errorf("unknown goal %q (want checkmate or race)", name)
	}
	return nil
}

// SetPromotion sets the promotion set from piece letters ("q", "r", …).
func (r *Rules) SetPromotion(letters []string) error {
	var m uint8
	for _, l := range letters {
		t, ok := PieceTypeFromLetter(firstByte(l))
		if len(l) != 1 || !ok || t == Pawn {
			return fmt.Errorf("promotion: %q is not a piece letter (want q, r, b, n or k)", l)
		}
		m |= 1 << t
	}
	r.Promotion = m
	return nil
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// Clone returns a copy of the rules.
func (r *Rules) Clone() *Rules {
	c := *r
	return &c
}

// Check reports rules that contradict a board or a position: bishops or
// pawns under the 1-D preset, a 1-D preset on a wide board.
func (r *Rules) Check(p *Position) error {
	if r.OneD {
		if p.B.W != 1 {
			return fmt.Errorf("variant 1d needs a board one file wide, not %d×%d", p.B.W, p.B.H)
		}
		for s := Square(0); int(s) < p.B.N; s++ {
			if t := p.sq[s].Type(); t == Bishop || t == Pawn {
				return fmt.Errorf("%s on %s: variant 1d has no bishops or pawns", p.sq[s], p.B.Name(s))
			}
		}
	}
	return nil
}

// SameGame reports whether two rule sets play the same game, whatever
// their presets are called and whatever initial material each took from
// its start position (see InitialMaterial).
func SameGame(a, b *Rules) bool {
	if a == b {
		return true
	}
	x, y := *a, *b
	x.Preset, y.Preset = "", ""
	x.InitialMaterial, y.InitialMaterial = [2][7]int8{}, [2][7]int8{}
	return x == y
}
