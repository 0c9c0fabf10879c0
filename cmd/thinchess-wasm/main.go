//go:build js && wasm

// Command thinchess-wasm is the browser's engine: the same engine and
// solver packages the build verifies with, compiled with GOOS=js
// GOARCH=wasm. It installs one global object, thinchess, whose functions
// take plain JavaScript values and return a JSON string: the answer, or
// {"error": "…"} with the engine's own message. A function never throws
// and never crashes the instance; a panic becomes an error answer.
//
// Games live in the instance and are named by the id load returns:
//
//	const {id, state} = JSON.parse(thinchess.load("1d", {}, "bk,bn,br,x,x,wr,wn,wk:w"))
//	JSON.parse(thinchess.play(id, "Na3"))   // → the new state
//
// The page runs the instance in a Web Worker (templates/static/worker.js)
// so long searches never freeze it.
package main

import (
	"fmt"
	"sort"
	"syscall/js"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// session is one game and what has been loaded for it.
type session struct {
	game   *engine.Game
	table  *tableState
	search *solver.Searcher
	bans   *solver.BanTable // Ban Chess: solved on the computer's first action
}

var sessions = map[int]*session{}
var nextID = 1

func main() {
	api := map[string]func(args []js.Value) (any, error){
		"load":      load,
		"parse":     parse,
		"state":     withSession(func(s *session, _ []js.Value) (any, error) { return stateOf(s), nil }),
		"play":      withSession(play),
		"move":      withSession(move),
		"undo":      withSession(undo),
		"redo":      withSession(redo),
		"goto":      withSession(gotoPly),
		"reset":     withSession(reset),
		"legal":     withSession(legalFrom),
		"pgn":       withSession(pgn),
		"line":      withSession(line),
		"free":      free,
		"loadTable": withSession(loadTable),
		"probe":     withSession(probe),
		"choose":    withSession(choose),
		"reply":     withSession(reply),
		"analyse":   withSession(analyse),
		"judge":     withSession(judge),
		"resolve":   withSession(resolve),
	}
	searchAPI(api)
	obj := js.Global().Get("Object").New()
	for name, fn := range api {
		obj.Set(name, js.FuncOf(wrap(name, fn)))
	}
	obj.Set("version", "1")
	js.Global().Set("thinchess", obj)
	if ready := js.Global().Get("thinchessReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// wrap turns a Go function into a JavaScript one returning JSON; errors
// and panics become {"error": "…"}.
func wrap(name string, fn func(args []js.Value) (any, error)) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = errorJSON(fmt.Errorf("%s: internal error: %v", name, r))
			}
		}()
		v, err := fn(args)
		if err != nil {
			return errorJSON(err)
		}
		return toJSON(v)
	}
}

func errorJSON(err error) string {
	return toJSON(obj{{"error", err.Error()}})
}

// withSession looks up the game named by the first argument.
func withSession(fn func(s *session, args []js.Value) (any, error)) func([]js.Value) (any, error) {
	return func(args []js.Value) (any, error) {
		if len(args) == 0 || args[0].Type() != js.TypeNumber {
			return nil, fmt.Errorf("missing game id")
		}
		s := sessions[args[0].Int()]
		if s == nil {
			return nil, fmt.Errorf("no game with id %d", args[0].Int())
		}
		return fn(s, args[1:])
	}
}

// str returns argument i as a string, "" when missing.
func str(args []js.Value, i int) string {
	if i >= len(args) || args[i].Type() != js.TypeString {
		return ""
	}
	return args[i].String()
}

// num returns argument i as a number, def when missing.
func num(args []js.Value, i int, def float64) float64 {
	if i >= len(args) || args[i].Type() != js.TypeNumber {
		return def
	}
	return args[i].Float()
}

// newGame starts a game from a variant ("" for the board's default),
// rule overrides as a JavaScript object ({castling: false, promotion:
// ["q", "n"], goal: "race"}, the form engine.Game writes) and a start
// position (code or FEN).
func newGame(variant string, rules js.Value, position string) (*engine.Game, error) {
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
	return engine.NewGame(p), nil
}

// applyRules sets the rules named in a JavaScript object, in sorted
// order; undefined or null changes nothing.
func applyRules(r *engine.Rules, v js.Value) error {
	if v.Type() != js.TypeObject {
		return nil
	}
	keys := js.Global().Get("Object").Call("keys", v)
	names := make([]string, keys.Length())
	for i := range names {
		names[i] = keys.Index(i).String()
	}
	sort.Strings(names)
	for _, k := range names {
		x := v.Get(k)
		switch {
		case k == "goal":
			if x.Type() != js.TypeString {
				return fmt.Errorf("goal: want \"checkmate\" or \"race\"")
			}
			if err := r.SetGoal(x.String()); err != nil {
				return err
			}
		case k == "promotion" && js.Global().Get("Array").Call("isArray", x).Bool():
			letters := make([]string, x.Length())
			for i := range letters {
				letters[i] = x.Index(i).String()
			}
			if err := r.SetPromotion(letters); err != nil {
				return err
			}
		case x.Type() == js.TypeBoolean:
			if err := r.SetBool(k, x.Bool()); err != nil {
				return err
			}
		default:
			if err := r.SetBool(k, false); err != nil {
				return err // an unknown rule
			}
			return fmt.Errorf("%s: want true or false", k)
		}
	}
	return nil
}

// arg returns argument i, undefined when missing.
func arg(args []js.Value, i int) js.Value {
	if i >= len(args) {
		return js.Undefined()
	}
	return args[i]
}

// load starts a game: load(variant, rulesJSON, position) → {id, state}.
func load(args []js.Value) (any, error) {
	g, err := newGame(str(args, 0), arg(args, 1), str(args, 2))
	if err != nil {
		return nil, err
	}
	id := nextID
	nextID++
	s := &session{game: g}
	sessions[id] = s
	return obj{{"id", id}, {"state", stateOf(s)}}, nil
}

func free(args []js.Value) (any, error) {
	if len(args) > 0 && args[0].Type() == js.TypeNumber {
		delete(sessions, args[0].Int())
	}
	return obj{{"ok", true}}, nil
}

// parse checks a position for the editor: parse(variant, rulesJSON,
// position) → its code, FEN, size, cells and status.
func parse(args []js.Value) (any, error) {
	g, err := newGame(str(args, 0), arg(args, 1), str(args, 2))
	if err != nil {
		return nil, err
	}
	p := g.Position()
	return obj{
		{"code", p.Code()}, {"fen", p.FEN()}, {"w", p.B.W}, {"h", p.B.H},
		{"side", p.Side.String()}, {"variant", p.R.Preset}, {"board", cells(p)},
		{"status", g.Status().String()},
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

// moveJSON returns a legal move of p as the board needs it: from, to,
// promotion letter, SAN and coordinates.
func moveOf(p *engine.Position, m engine.Move) obj {
	promo := ""
	if t := m.Promotion(); t != 0 {
		promo = string(t.Letter())
	}
	return obj{{"from", p.B.Name(m.From())}, {"to", p.B.Name(m.To())}, {"promo", promo}, {"san", p.SAN(m)}, {"coord", m.Coord(p.B)}}
}

// stateOf is everything the page draws after each change: the position
// (FEN, code, size, side, pieces by square index), the status and result,
// the checked king, the last move, the SAN history with the cursor and
// length of the line (for redo), the legal moves by origin square and
// the promotion set.
func stateOf(s *session) obj {
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
	legal := map[string][]obj{}
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
	return append(obj{
		{"fen", p.FEN()}, {"code", p.Code()}, {"w", p.B.W}, {"h", p.B.H},
		{"side", p.Side.String()}, {"board", cells(p)},
		{"status", st.String()}, {"over", st.IsOver()}, {"winner", winner},
		{"result", g.Result()}, {"reason", reason(st)}, {"check", check},
		{"last", last}, {"san", san}, {"coords", coords},
		{"cursor", len(played)}, {"length", len(played) + len(g.RedoMoves())},
		{"legal", legal}, {"promotion", promos}, {"fullmove", p.Fullmove},
		{"startSide", start.Side.String()}, {"startFullmove", start.Fullmove},
		{"table", s.table != nil},
	}, banFields(g)...)
}

// reason says in words how a game ended.
func reason(st engine.Status) string {
	switch st {
	case engine.Checkmate:
		return "checkmate"
	case engine.Stalemate:
		return "stalemate"
	case engine.InsufficientMaterial:
		return "insufficient material"
	case engine.FiftyMove:
		return "the fifty-move rule"
	case engine.Threefold:
		return "threefold repetition"
	case engine.RaceWin:
		return "reaching the far rank first"
	case engine.NoMoves:
		return "the loser has no legal move"
	case engine.Resigned:
		return "resignation"
	}
	return ""
}

// play plays a move in SAN or coordinates: play(id, text) → state.
func play(s *session, args []js.Value) (any, error) {
	if err := s.game.PlayText(str(args, 0)); err != nil {
		return nil, err
	}
	return stateOf(s), nil
}

// move plays from → to with an optional promotion letter: move(id, "e7",
// "e8", "q") → state. In a Ban Chess ban phase it plays the ban of the
// from → to pair (no promotion letter).
func move(s *session, args []js.Value) (any, error) {
	text := str(args, 0) + str(args, 1) + str(args, 2)
	p := s.game.Position()
	if p.BanPhase {
		if st := s.game.Status(); st.IsOver() {
			return nil, fmt.Errorf("%s: the game is over (%s)", text, st)
		}
		if str(args, 2) != "" {
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
	return stateOf(s), nil
}

func undo(s *session, _ []js.Value) (any, error) {
	if !s.game.Undo() {
		return nil, fmt.Errorf("no move to take back")
	}
	return stateOf(s), nil
}

func redo(s *session, _ []js.Value) (any, error) {
	if !s.game.Redo() {
		return nil, fmt.Errorf("no move to replay")
	}
	return stateOf(s), nil
}

// gotoPly undoes or redoes until n moves are played: goto(id, n) → state.
func gotoPly(s *session, args []js.Value) (any, error) {
	n := int(num(args, 0, 0))
	for len(s.game.Moves()) > n && s.game.Undo() {
	}
	for len(s.game.Moves()) < n && s.game.Redo() {
	}
	return stateOf(s), nil
}

// reset starts the game again from its start position.
func reset(s *session, _ []js.Value) (any, error) {
	s.game = engine.NewGame(s.game.Start())
	return stateOf(s), nil
}

// legalFrom lists the legal moves from a square: legal(id, "a3").
func legalFrom(s *session, args []js.Value) (any, error) {
	p := s.game.Position()
	sq, err := p.B.ParseSquare(str(args, 0))
	if err != nil {
		return nil, err
	}
	out := []obj{}
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.Actions(buf[:0]) {
		if m.From() == sq {
			out = append(out, actionOf(p, m))
		}
	}
	return out, nil
}

// pgn writes the game as PGN with the tags given as an object of
// strings: pgn(id, {Event: "…"}) → {pgn}.
func pgn(s *session, args []js.Value) (any, error) {
	tags := map[string]string{}
	if t := arg(args, 0); t.Type() == js.TypeObject {
		keys := js.Global().Get("Object").Call("keys", t)
		for i := 0; i < keys.Length(); i++ {
			k := keys.Index(i).String()
			tags[k] = t.Get(k).String()
		}
	}
	return obj{{"pgn", s.game.PGN(tags)}}, nil
}

// line parses a move line (SAN with move numbers) from the game's start
// position: line(id, "1. Na3 Kb8 2. …") → the moves in coordinates.
func line(s *session, args []js.Value) (any, error) {
	start := s.game.Start()
	ms, err := start.ParseLine(str(args, 0))
	if err != nil {
		return nil, err
	}
	out := []obj{}
	for _, m := range ms {
		out = append(out, moveOf(start, m))
		start.Make(m)
	}
	return out, nil
}
