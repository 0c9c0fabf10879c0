// JavaScript twin: templates/static/js/rules-game.js.

package game

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// Game is a game played from a start position: the moves played so far
// and the moves taken back that can be replayed (the redo stack). It adds
// the draws that depend on history, fifty-move and threefold repetition,
// to what a position knows by itself. The zero Game is not usable; make
// one with New.
type Game struct {
	start engine.Position
	pos   engine.Position
	// line holds the moves played (line[:cursor]) then the moves that
	// Redo replays, next first (line[cursor:]).
	line   []engine.Move
	cursor int
	// undos[i] takes back line[i]; keys[i] is the Zobrist key after i
	// moves, so keys[0] is the start position's.
	undos []engine.Undo
	keys  []uint64
}

// New starts a game from a copy of start.
func New(start *engine.Position) *Game {
	g := &Game{start: *start, pos: *start}
	g.keys = []uint64{start.Hash()}
	return g
}

// Start returns a copy of the start position.
func (g *Game) Start() *engine.Position {
	p := g.start
	return &p
}

// Position returns a copy of the current position.
func (g *Game) Position() *engine.Position {
	p := g.pos
	return &p
}

// Rules returns the rules the game is played under.
func (g *Game) Rules() *engine.Rules { return g.start.R }

// Moves returns the moves played so far; under bans, the actions: bans
// (Move.IsBan) and moves in the order they were played.
func (g *Game) Moves() []engine.Move {
	return append([]engine.Move(nil), g.line[:g.cursor]...)
}

// RedoMoves returns the moves Undo took back that Redo can replay, next
// first.
func (g *Game) RedoMoves() []engine.Move {
	return append([]engine.Move(nil), g.line[g.cursor:]...)
}

// SANHistory returns the moves played so far in SAN. Under bans it
// returns one entry per action: a ban as "b:" and the move it forbids
// in SAN ("b:Ra4", see BanSAN) and a move in SAN, written with its ban
// in force.
func (g *Game) SANHistory() []string {
	if !g.start.R.Bans {
		return g.start.SANLine(g.line[:g.cursor])
	}
	out := make([]string, 0, g.cursor)
	q := g.start
	for _, a := range g.line[:g.cursor] {
		if a.IsBan() {
			out = append(out, "b:"+q.BanSAN(a))
		} else {
			out = append(out, q.SAN(a))
		}
		q.MakeAction(a)
	}
	return out
}

// Play plays m, a move of the side to move: only its origin, destination
// and promotion are looked at, so NewMove(from, to) names a castling or
// en-passant move as well. If m is the next move of the redo stack, the
// rest of the stack is kept; otherwise the stack is cleared. A refused
// move returns a *MoveError and leaves the game unchanged. Under bans m
// may also be a ban (NewBan), which is what a ban phase requires.
func (g *Game) Play(m engine.Move) error {
	b := g.pos.B
	text := m.Coord(b)
	if m.IsBan() {
		text = g.pos.ActionText(m)
	}
	if m == engine.NoMove || int(m.From()) >= b.N || int(m.To()) >= b.N {
		return &engine.MoveError{Kind: engine.ErrSyntax, Move: text, Msg: fmt.Sprintf("not a move on the %d×%d board", b.W, b.H)}
	}
	if st := g.Status(); st.IsOver() {
		return &engine.MoveError{Kind: engine.ErrGameOver, Move: text, Msg: fmt.Sprintf("the game is over (%s)", st)}
	}
	var lm engine.Move
	if m.IsBan() {
		bm, err := g.pos.ParseBan(b.Name(m.From()) + b.Name(m.To()))
		if err != nil {
			me := err.(*engine.MoveError)
			return &engine.MoveError{Kind: me.Kind, Move: text, Msg: me.Msg}
		}
		lm = bm
	} else {
		var err error
		if lm, err = g.pos.FindLegal(m, text); err != nil {
			return err
		}
	}
	if g.cursor < len(g.line) && g.line[g.cursor] == lm {
		g.redoOne()
		return nil
	}
	g.line = append(g.line[:g.cursor], lm)
	g.redoOne()
	return nil
}

// PlayText plays a move given in SAN or coordinate notation, or an
// action of the action log ("b:e2e4", "m:e7e8q"). A refused move returns
// a *MoveError and leaves the game unchanged.
func (g *Game) PlayText(s string) error {
	if st := g.Status(); st.IsOver() {
		return &engine.MoveError{Kind: engine.ErrGameOver, Move: strings.TrimSpace(s), Msg: fmt.Sprintf("the game is over (%s)", st)}
	}
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "b:") || strings.HasPrefix(t, "m:") {
		a, err := g.pos.ParseAction(t)
		if err != nil {
			return err
		}
		return g.Play(a)
	}
	if g.pos.BanPhase {
		return &engine.MoveError{Kind: engine.ErrIllegal, Move: strings.TrimSpace(s), Msg: fmt.Sprintf("%s must ban one of %s's moves first", g.pos.Side.Other(), g.pos.Side)}
	}
	m, err := g.pos.ParseMove(s)
	if err != nil {
		return bannedError(&g.pos, s, err)
	}
	return g.Play(m)
}

// redoOne plays line[cursor].
func (g *Game) redoOne() {
	g.undos = append(g.undos[:g.cursor], g.pos.MakeAction(g.line[g.cursor]))
	g.cursor++
	g.keys = append(g.keys[:g.cursor], g.pos.Hash())
}

// Undo takes back the last move played and pushes it on the redo stack.
// It reports false when no move has been played.
func (g *Game) Undo() bool {
	if g.cursor == 0 {
		return false
	}
	g.cursor--
	g.pos.UnmakeAction(g.undos[g.cursor])
	g.undos = g.undos[:g.cursor]
	g.keys = g.keys[:g.cursor+1]
	return true
}

// Redo replays the last move taken back. It reports false when the redo
// stack is empty.
func (g *Game) Redo() bool {
	if g.cursor == len(g.line) {
		return false
	}
	g.redoOne()
	return true
}

// Status returns how the game stands: the position's own status (mate,
// stalemate, a race decided, insufficient material) first, then the
// fifty-move rule (a halfmove clock of 100 or more) and threefold
// repetition (the current position seen three times since the last
// capture or pawn move), each only when the rules enable it.
func (g *Game) Status() engine.Status {
	if st := g.pos.Status(); st != engine.Active {
		return st
	}
	if g.pos.R.FiftyMove && g.pos.Halfmove >= 100 {
		return engine.FiftyMove
	}
	if g.pos.R.Threefold && g.repetitions() >= 3 {
		return engine.Threefold
	}
	return engine.Active
}

// repetitions counts how often the current position occurred since the
// last irreversible move, this time included. Under bans the position
// includes the ban phase and the banned move, and every action (a ban
// or a move) is a step of the history.
func (g *Game) repetitions() int {
	n := g.cursor
	key := g.keys[n]
	first := max(n-g.pos.Halfmove, 0)
	step := 2
	if g.pos.R.Bans {
		// A move and a ban per halfmove; one more for a ban just made.
		first, step = max(n-2*g.pos.Halfmove-1, 0), 1
	}
	count := 0
	for i := n; i >= first; i -= step {
		if g.keys[i] == key {
			count++
		}
	}
	return count
}

// Winner returns the side that won, and false for a draw or a game still
// going.
func (g *Game) Winner() (engine.Color, bool) {
	return g.pos.Winner(g.Status())
}

// Result returns the result in PGN form: "1-0", "0-1", "1/2-1/2", or "*"
// while the game goes on.
func (g *Game) Result() string {
	st := g.Status()
	if !st.IsOver() {
		return "*"
	}
	if c, ok := g.pos.Winner(st); ok {
		if c == engine.White {
			return "1-0"
		}
		return "0-1"
	}
	return "1/2-1/2"
}

// gameJSON is the JSON shape of a game.
type gameJSON struct {
	Variant string                     `json:"variant"`
	Rules   map[string]json.RawMessage `json:"rules,omitempty"`
	Start   string                     `json:"start"`
	Moves   []string                   `json:"moves"`
	Cursor  *int                       `json:"cursor,omitempty"`
}

// MarshalJSON writes the game as {"variant", "rules", "start", "moves",
// "cursor"}: the preset name, the rules that differ from it, the start
// FEN, every move in coordinate notation (those played, then the redo
// stack) and how many of them are played. Under bans the moves are
// actions in the action log ("b:e2e4", "m:e7e8q").
func (g *Game) MarshalJSON() ([]byte, error) {
	over, err := RuleOverrides(g.start.R)
	if err != nil {
		return nil, err
	}
	j := gameJSON{Variant: g.start.R.Preset, Start: g.start.FEN(), Moves: []string{}, Cursor: &g.cursor}
	if len(over) > 0 {
		j.Rules = map[string]json.RawMessage{}
		for k, v := range over {
			raw, err := json.Marshal(v)
			if err != nil {
				return nil, err
			}
			j.Rules[k] = raw
		}
	}
	for _, m := range g.line {
		if g.start.R.Bans {
			j.Moves = append(j.Moves, g.start.ActionText(m))
			continue
		}
		j.Moves = append(j.Moves, m.Coord(g.start.B))
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a game written by MarshalJSON. Every move is
// checked; the error names the first bad field or move. A missing cursor
// means every move is played. On error g is left unchanged.
func (g *Game) UnmarshalJSON(data []byte) error {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("game: %v", err)
	}
	if j.Start == "" {
		return fmt.Errorf("game: start: missing start position")
	}
	start, err := startPosition(j.Variant, j.Start, func(r *engine.Rules) error {
		return applyRuleOverrides(r, j.Rules)
	})
	if err != nil {
		return fmt.Errorf("game: %v", err)
	}
	ng := New(start)
	for i, s := range j.Moves {
		var err error
		if st := ng.Status(); st.IsOver() {
			err = &engine.MoveError{Kind: engine.ErrGameOver, Move: s, Msg: fmt.Sprintf("the game is over (%s)", st)}
		} else if ng.pos.R.Bans {
			var a engine.Move
			if a, err = ng.pos.ParseAction(s); err == nil {
				err = ng.Play(a)
			}
		} else if m, perr := ng.pos.ParseCoord(s); perr != nil {
			err = perr
		} else {
			err = ng.Play(m)
		}
		if err != nil {
			return fmt.Errorf("game: moves[%d] %q: %v", i, s, reason(err))
		}
	}
	cursor := len(j.Moves)
	if j.Cursor != nil {
		cursor = *j.Cursor
	}
	if cursor < 0 || cursor > len(j.Moves) {
		return fmt.Errorf("game: cursor %d: want a number from 0 to %d (the number of moves)", cursor, len(j.Moves))
	}
	for ng.cursor > cursor {
		ng.Undo()
	}
	*g = *ng
	return nil
}

// startPosition parses a start position under a variant (empty for the
// default preset of the board's width) and rules changed by override.
func startPosition(variant, start string, override func(*engine.Rules) error) (*engine.Position, error) {
	var r *engine.Rules
	if variant != "" {
		var err error
		if r, err = engine.Preset(variant); err != nil {
			return nil, fmt.Errorf("variant: %v", err)
		}
	} else {
		p, err := engine.Parse(start, nil)
		if err != nil {
			return nil, fmt.Errorf("start: %w", err)
		}
		r = p.R.Clone()
	}
	if err := override(r); err != nil {
		return nil, fmt.Errorf("rules: %v", err)
	}
	p, err := engine.Parse(start, r)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	return p, nil
}

// RuleOverrides returns the rules that differ from r's preset, by their
// mode-file names: booleans, "goal" as a string and "promotion" as a list
// of letters or false.
func RuleOverrides(r *engine.Rules) (map[string]any, error) {
	base, err := engine.Preset(r.Preset)
	if err != nil {
		return nil, fmt.Errorf("game rules: %v", err)
	}
	out := map[string]any{}
	bools := []struct {
		name    string
		got, in bool
	}{
		{"bans", r.Bans, base.Bans},
		{"castling", r.Castling, base.Castling},
		{"double_step", r.DoubleStep, base.DoubleStep},
		{"en_passant", r.EnPassant, base.EnPassant},
		{"fifty_move", r.FiftyMove, base.FiftyMove},
		{"insufficient_material", r.InsufficientMaterial, base.InsufficientMaterial},
		{"promote_to_captured", r.PromoteToCaptured, base.PromoteToCaptured},
		{"threefold", r.Threefold, base.Threefold},
	}
	for _, b := range bools {
		if b.got != b.in {
			out[b.name] = b.got
		}
	}
	if r.Goal != base.Goal {
		out["goal"] = r.Goal.String()
	}
	if r.Promotion != base.Promotion {
		if r.Promotion == 0 {
			out["promotion"] = false
		} else {
			letters := []string{}
			for _, t := range r.PromotionTypes() {
				letters = append(letters, string(t.Letter()))
			}
			out["promotion"] = letters
		}
	}
	return out, nil
}

// applyRuleOverrides sets the rules named in over, in sorted order.
func applyRuleOverrides(r *engine.Rules, over map[string]json.RawMessage) error {
	names := make([]string, 0, len(over))
	for k := range over {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		raw := over[k]
		switch k {
		case "goal":
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return fmt.Errorf("goal: want \"checkmate\" or \"race\", got %s", raw)
			}
			if err := r.SetGoal(s); err != nil {
				return err
			}
		case "promotion":
			var letters []string
			if err := json.Unmarshal(raw, &letters); err == nil {
				if err := r.SetPromotion(letters); err != nil {
					return err
				}
				continue
			}
			var b bool
			if err := json.Unmarshal(raw, &b); err != nil {
				return fmt.Errorf("promotion: want a list of piece letters or false, got %s", raw)
			}
			if err := r.SetBool(k, b); err != nil {
				return err
			}
		default:
			var b bool
			if err := json.Unmarshal(raw, &b); err != nil {
				if err := r.SetBool(k, false); err != nil {
					return err // unknown rule
				}
				return fmt.Errorf("%s: want true or false, got %s", k, raw)
			}
			if err := r.SetBool(k, b); err != nil {
				return err
			}
		}
	}
	return nil
}
