// JavaScript twin: templates/static/js/session.js.

package bridge

import (
	"fmt"
	"slices"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
	"github.com/thinchess/thinchess/solver/search"
)

// Session is one game in the browser and what has been loaded for it: an
// exact table, a searcher kept between moves, a Ban Chess table.
type Session struct {
	game   *game.Game
	table  *solver.Table
	search *search.Searcher
	bans   *ban.Table // Ban Chess: solved on the computer's first action
}

// Rules are rule overrides as the page sends them: a boolean per rule
// name, "goal" as "checkmate" or "race", "promotion" as a list of piece
// letters — the form game.Game writes.
type Rules map[string]any

// NewGame starts a game from a variant ("" for the board's default),
// rule overrides and a start position (code or FEN).
func NewGame(variant string, rules Rules, position string) (*game.Game, error) {
	var r *engine.Rules
	if variant != "" {
		var err error
		if r, err = engine.Preset(variant); err != nil {
			return nil, fmt.Errorf("variant: %v", err)
		}
	} else {
		p, err := engine.Parse(position, nil)
		if err != nil {
			return nil, err
		}
		r = p.R.Clone()
	}
	if err := applyRules(r, rules); err != nil {
		return nil, fmt.Errorf("rules: %v", err)
	}
	p, err := engine.Parse(position, r)
	if err != nil {
		return nil, err
	}
	return game.New(p), nil
}

// applyRules sets the rules named in rules, in sorted order.
func applyRules(r *engine.Rules, rules Rules) error {
	names := make([]string, 0, len(rules))
	for k := range rules {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		x := rules[k]
		goal, isString := x.(string)
		letters, isList := x.([]string)
		on, isBool := x.(bool)
		var err error
		switch {
		case k == "goal" && !isString:
			err = fmt.Errorf("goal: want \"checkmate\" or \"race\"")
		case k == "goal":
			err = r.SetGoal(goal)
		case k == "promotion" && isList:
			err = r.SetPromotion(letters)
		case isBool:
			err = r.SetBool(k, on)
		default:
			if err = r.SetBool(k, false); err == nil { // else an unknown rule
				err = fmt.Errorf("%s: want true or false", k)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Load starts a session: the game from NewGame.
func Load(variant string, rules Rules, position string) (*Session, error) {
	g, err := NewGame(variant, rules, position)
	if err != nil {
		return nil, err
	}
	return &Session{game: g}, nil
}

// Open starts a session on a game from p, under p's rules.
func Open(p *engine.Position) *Session { return &Session{game: game.New(p)} }

// Game returns the session's game.
func (s *Session) Game() *game.Game { return s.game }

// Parse checks a position for the editor: its code, FEN, size, cells and
// status.
func Parse(variant string, rules Rules, position string) (Obj, error) {
	g, err := NewGame(variant, rules, position)
	if err != nil {
		return nil, err
	}
	p := g.Position()
	return Obj{
		{"code", p.Code()}, {"fen", p.FEN()}, {"w", p.B.W}, {"h", p.B.H},
		{"side", p.Side.String()}, {"variant", p.R.Preset}, {"board", cells(p)},
		{"status", g.Status().String()}, {"text", positionText(g)},
	}, nil
}

// cells lists the pieces by square index (a1, b1, …, then rank 2):
// "wk", "bn", or "" for an empty square.
func cells(p *engine.Position) []string {
	out := make([]string, p.B.N)
	for sq := engine.Square(0); int(sq) < p.B.N; sq++ {
		if pc := p.At(sq); pc != engine.NoPiece {
			c := "w"
			if pc.Color() == engine.Black {
				c = "b"
			}
			out[sq] = c + string(pc.Type().Letter())
		}
	}
	return out
}

// moveOf returns a legal move of p as the board needs it: from, to,
// promotion letter, SAN and coordinates.
func moveOf(p *engine.Position, m engine.Move) Obj {
	promo := ""
	if t := m.Promotion(); t != 0 {
		promo = string(t.Letter())
	}
	return Obj{{"from", p.B.Name(m.From())}, {"to", p.B.Name(m.To())}, {"promo", promo}, {"san", p.SAN(m)}, {"coord", m.Coord(p.B)}}
}

// State is everything the page draws after each change: the position
// (FEN, code, size, side, pieces by square index), the status and result,
// the checked king, the last move, the SAN history with the cursor and
// length of the line (for redo), the legal moves by origin square and
// the promotion set.
func (s *Session) State() Obj {
	g := s.game
	p := g.Position()
	st := g.Status()
	played := g.Moves()
	winner := ""
	if c, ok := g.Winner(); ok {
		winner = c.String()
	}
	check := ""
	if k := p.King(p.Side); k != engine.NoSquare && p.InCheck() {
		check = p.B.Name(k)
	}
	var last any
	coords := []string{}
	q := g.Start()
	for _, m := range played {
		// Under bans the played actions include bans: their coordinates
		// are their action-log text, and the last move is the last one
		// that is not a ban.
		if m.IsBan() {
			coords = append(coords, q.ActionText(m))
		} else {
			coords = append(coords, m.Coord(p.B))
			last = moveOf(q, m) // SAN is read from the position before the move
		}
		q.MakeAction(m)
	}
	promos := []string{}
	for _, t := range p.R.PromotionTypes() {
		promos = append(promos, string(t.Letter()))
	}
	legal := map[string][]Obj{}
	if !st.IsOver() {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.Actions(buf[:0]) {
			from := p.B.Name(m.From())
			legal[from] = append(legal[from], actionOf(p, m))
		}
	}
	san := g.SANHistory()
	if san == nil {
		san = []string{}
	}
	start := g.Start()
	return append(Obj{
		{"fen", p.FEN()}, {"code", p.Code()}, {"w", p.B.W}, {"h", p.B.H},
		{"side", p.Side.String()}, {"sideName", p.Side.Title()}, {"opponentName", p.Side.Other().Title()},
		{"board", cells(p)},
		{"status", st.String()}, {"over", st.IsOver()}, {"winner", winner},
		{"result", g.Result()}, {"reason", st.Reason()}, {"check", check},
		{"last", last}, {"san", san}, {"coords", coords},
		{"cursor", len(played)}, {"length", len(played) + len(g.RedoMoves())},
		{"legal", legal}, {"promotion", promos}, {"fullmove", p.Fullmove},
		{"startSide", start.Side.String()}, {"startFullmove", start.Fullmove},
		{"table", s.table != nil},
		{"statusText", StatusText(g)}, {"bannedText", bannedText(p)},
	}, banFields(g)...)
}

// Play plays a move in SAN or coordinates.
func (s *Session) Play(text string) (Obj, error) {
	if err := s.game.PlayText(text); err != nil {
		return nil, err
	}
	return s.State(), nil
}

// Move plays from → to with an optional promotion letter ("e7", "e8",
// "q"). In a Ban Chess ban phase it plays the ban of the from → to pair
// (no promotion letter).
func (s *Session) Move(from, to, promo string) (Obj, error) {
	text := from + to + promo
	p := s.game.Position()
	if p.BanPhase {
		if st := s.game.Status(); st.IsOver() {
			return nil, fmt.Errorf("%s: the game is over (%s)", text, st)
		}
		if promo != "" {
			return nil, fmt.Errorf("%s: a ban names only the squares (one ban covers every promotion)", text)
		}
		text = "b:" + text
	}
	m, err := p.ParseAction(text)
	if !p.BanPhase {
		m, err = p.ParseCoord(text)
	}
	if err != nil {
		return nil, err
	}
	if err := s.game.Play(m); err != nil {
		return nil, err
	}
	return s.State(), nil
}

// Undo takes the last move (or action) back.
func (s *Session) Undo() (Obj, error) {
	if !s.game.Undo() {
		return nil, fmt.Errorf("no move to take back")
	}
	return s.State(), nil
}

// Goto undoes or redoes until n moves are played.
func (s *Session) Goto(n int) Obj {
	for len(s.game.Moves()) > n && s.game.Undo() {
	}
	for len(s.game.Moves()) < n && s.game.Redo() {
	}
	return s.State()
}

// Reset starts the game again from its start position.
func (s *Session) Reset() Obj {
	s.game = game.New(s.game.Start())
	return s.State()
}

// PGN writes the game as PGN with the given tags.
func (s *Session) PGN(tags map[string]string) Obj {
	return Obj{{"pgn", s.game.PGN(tags)}}
}

// Line parses a move line (SAN with move numbers) from the game's start
// position and returns its moves.
func (s *Session) Line(text string) ([]Obj, error) {
	start := s.game.Start()
	ms, err := start.ParseLine(text)
	if err != nil {
		return nil, err
	}
	out := []Obj{}
	for _, m := range ms {
		out = append(out, moveOf(start, m))
		start.Make(m)
	}
	return out, nil
}

// Resolve reads a move (SAN or coordinates) without playing it, at the
// current position or, with atStart, at the start position.
func (s *Session) Resolve(text string, atStart bool) (Obj, error) {
	p := s.game.Position()
	if atStart {
		p = s.game.Start()
	}
	m, err := p.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return moveOf(p, m), nil
}
