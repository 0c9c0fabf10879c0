package wire

// The engine protocol: what a page asks the engine and what it answers.
// Calls declares every call once, by name, with its arguments and its
// answer; the answers' shapes are the structs below. Three sides answer
// the calls: the WebAssembly engine (cmd/thinchess-wasm over package
// bridge, which builds these shapes as ordered bridge.Obj values), its
// worker (templates/static/worker.js, which answers fetchTable itself),
// and the page's light engine (templates/static/js/local.js). The
// generator (internal/wire/dts) writes Calls into wire-protocol.d.ts as
// a typed client, so tsc checks every call's name, arguments and
// answer, and tests hold each side to the declaration: the wasm
// command's names (internal/wire/dts), bridge's keys (bridge),
// local.js's handlers (tsc, through wire.Handlers).

// Calls is the engine protocol: each method is a call, named by the
// method's name with its first word in lower case (LoadTable is
// "loadTable", PGN is "pgn"); its parameters are the call's arguments,
// in order (a pointer is an argument that may be left out, at the end),
// and its one result is the answer. An error is not part of the answer:
// the engine answers {"error": "…"} and the client rejects the call's
// promise with it. A //wire:by line lists the sides that answer the
// call (wasm, worker, local); without it, the wasm engine and the light
// engine do.
//
//wire:calls
type Calls interface {
	// Load starts a game from a position (a FEN or a position code; ""
	// is the variant's start) under rule overrides, and plays moves, the
	// actions played since, in coordinates (a state's coords).
	Load(variant string, rules RuleOverrides, position string, moves *[]string) Loaded
	// Parse checks a position for the editor.
	Parse(variant string, rules RuleOverrides, position string) ParsedPosition
	// Free forgets a game.
	Free(game GameID) Done
	// State is the game's state.
	State(game GameID) SessionState
	// Play plays a move in SAN or coordinates.
	Play(game GameID, text string) SessionState
	// Move plays from → to with a promotion letter ("" for none); in a
	// ban phase, the ban of the pair.
	Move(game GameID, from string, to string, promo string) SessionState
	// Undo takes the last action back.
	Undo(game GameID) SessionState
	// Goto undoes or redoes until n actions are played.
	Goto(game GameID, n int) SessionState
	// Reset starts the game again from its start.
	Reset(game GameID) SessionState
	// PGN writes the game as PGN with the given tags.
	PGN(game GameID, tags map[string]string) PGNText
	// Line reads a move line (SAN with move numbers) from the game's start.
	Line(game GameID, text string) []BoardMove
	// Resolve reads a move without playing it, at the current position
	// or, with atStart, at the start.
	Resolve(game GameID, text string, atStart bool) BoardMove
	// LoadTable loads a mode's exact table (its bytes) for the game.
	LoadTable(game GameID, table TableBytes) TableSize
	// FetchTable downloads a mode's exact table from url and loads it.
	//
	//wire:by worker local
	FetchTable(game GameID, url string) TableSize
	// Choose returns the move a strategy (perfect, aggressive,
	// cooperative, random) would play, without playing it.
	Choose(game GameID, strategy string, seed int) BoardMove
	// Judge tells whether a move keeps the best result.
	Judge(game GameID, text string) Judgement
	// Reply chooses and plays the computer's move within ms
	// milliseconds (0: the engine's default); a long call, watched by
	// watch and ended early by the client's stop().
	Reply(game GameID, strategy string, ms int, seed int, watch *SearchWatch) Reply
	// Analyse values the game's position within ms milliseconds; a long
	// call, like Reply.
	Analyse(game GameID, ms int, watch *SearchWatch) Analysis
	// Stop ends the long call running with what it found so far (the
	// worker calls it on the client's stop()).
	//
	//wire:by wasm
	Stop() Done
	// Solve analyses a position from scratch for the editor: an exact
	// solve of at most maxStates states (0: the engine's default), else
	// a search, within ms milliseconds.
	//
	//wire:by wasm
	Solve(variant string, rules RuleOverrides, position string, maxStates int, ms int, watch *SolveWatch) Analysis
	// Coords lists the actions played, in coordinates (the state's
	// coords without the rest).
	//
	//wire:by local
	Coords(game GameID) []string
	// Table is the game's play table once loaded, for the page's drills.
	//
	//wire:by local
	Table(game GameID) PlayTable
}

// GameID names a game of the engine: what Load answers.
type GameID int

// RuleOverrides are the rules that differ from the variant's, by their
// front-matter names ({castling: false, promotion: ["q", "n"], goal:
// "race"}).
//
//wire:ts Record<string, boolean | number | string | string[]>
type RuleOverrides map[string]any

// TableBytes are the bytes of a mode's play table.
//
//wire:ts Uint8Array
type TableBytes []byte

// PlayTable is the light engine's play table (js/playtable.js), a
// JavaScript object that does not cross the wire.
//
//wire:ts import('../js/playtable.js').PlayTable
type PlayTable struct{}

// SearchWatch watches a long call: Progress receives the search's
// progress after every iteration.
type SearchWatch struct {
	Progress func(p SearchProgress) `json:"progress"`
}

// SolveWatch watches a solve: Progress receives its progress.
type SolveWatch struct {
	Progress func(p SolveProgress) `json:"progress"`
}

// Loaded is the answer of Load: the new game's id and state.
type Loaded struct {
	ID    GameID       `json:"id"`
	State SessionState `json:"state"`
}

// Done is the answer of a call that only acts.
type Done struct {
	OK bool `json:"ok"`
}

// PGNText is the answer of PGN.
type PGNText struct {
	PGN string `json:"pgn"`
}

// TableSize is the answer of LoadTable: the table's reachable graph.
type TableSize struct {
	States int `json:"states"`
	Edges  int `json:"edges"`
}

// Judgement is the answer of Judge: whether the move keeps the best
// result, and how that was found (table, mate-search).
type Judgement struct {
	Optimal bool   `json:"optimal"`
	Method  string `json:"method"`
}

// Reply is the answer of Reply: the move played, the state after it,
// and the time it took.
type Reply struct {
	Move  BoardMove    `json:"move"`
	State SessionState `json:"state"`
	MS    int          `json:"ms"`
}

// BoardMove is a move (or under Ban Chess an action) as the board needs
// it (bridge.moveOf, bridge.actionOf).
type BoardMove struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Promo string `json:"promo"`
	SAN   string `json:"san"`
	Coord string `json:"coord"`
	// Ban is true when the action is a ban (Ban Chess).
	Ban bool `json:"ban,omitempty"`
}

// Squares is a pair of squares: the move a ban forbids.
type Squares struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// SessionState is everything the page draws after a change
// (bridge.Session.State).
type SessionState struct {
	FEN          string `json:"fen"`
	Code         string `json:"code"`
	W            int    `json:"w"`
	H            int    `json:"h"`
	Side         string `json:"side"`
	SideName     string `json:"sideName"`
	OpponentName string `json:"opponentName"`
	// Board lists the pieces by square index: "wk", "bn", or "".
	Board  []string `json:"board"`
	Status string   `json:"status"`
	Over   bool     `json:"over"`
	Winner string   `json:"winner"`
	Result string   `json:"result"`
	Reason string   `json:"reason"`
	// Check is the square of a king in check, or "".
	Check string     `json:"check"`
	Last  *BoardMove `json:"last"`
	// SAN lists the actions played, for people: a move in SAN, a ban as
	// "b:" and the move it forbids ("b:Ra4").
	SAN    []string `json:"san"`
	Coords []string `json:"coords"`
	Cursor int      `json:"cursor"`
	Length int      `json:"length"`
	// Legal lists the legal actions by origin square.
	Legal         map[string][]BoardMove `json:"legal"`
	Promotion     []string               `json:"promotion"`
	Fullmove      int                    `json:"fullmove"`
	StartSide     string                 `json:"startSide"`
	StartFullmove int                    `json:"startFullmove"`
	Table         bool                   `json:"table"`
	StatusText    string                 `json:"statusText"`
	// BannedText is the banned move in SAN ("Ra4"), or "".
	BannedText    string   `json:"bannedText"`
	Bans          bool     `json:"bans"`
	BanPhase      bool     `json:"banPhase"`
	Actor         string   `json:"actor"`
	Banned        *Squares `json:"banned"`
	ByBan         bool     `json:"byBan"`
	StartBanPhase bool     `json:"startBanPhase"`
}

// ParsedPosition is a position checked for the editor (bridge.Parse).
type ParsedPosition struct {
	Code    string   `json:"code"`
	FEN     string   `json:"fen"`
	W       int      `json:"w"`
	H       int      `json:"h"`
	Side    string   `json:"side"`
	Variant string   `json:"variant"`
	Board   []string `json:"board"`
	Status  string   `json:"status"`
	Text    string   `json:"text"`
}

// Analysis is the value of a position for the page (bridge.Analysis).
type Analysis struct {
	// Method is how the value was found: table, exact, mate-search,
	// search or over.
	Method     string `json:"method"`
	MethodText string `json:"methodText"`
	Value      string `json:"value"`
	// DTM is the distance to mate in plies, -1 when none.
	DTM       int         `json:"dtm"`
	MateIn    int         `json:"mateIn"`
	Summary   string      `json:"summary"`
	BestMoves []BoardMove `json:"bestMoves"`
	PV        []string    `json:"pv"`
	PVText    string      `json:"pvText"`
	Side      string      `json:"side"`
	Fullmove  int         `json:"fullmove"`
	States    int         `json:"states"`
	Score     int         `json:"score"`
}

// SearchProgress is a search's progress (bridge.progressOf).
type SearchProgress struct {
	Depth int `json:"depth"`
	// Score is in centipawns for the side to move.
	Score int `json:"score"`
	// Mate counts moves to mate, negative when mated; 0 when no mate is
	// seen.
	Mate  int        `json:"mate"`
	Nodes int        `json:"nodes"`
	MS    int        `json:"ms"`
	Best  *BoardMove `json:"best"`
	PV    []string   `json:"pv"`
	// PVText is the PV numbered for reading.
	PVText string `json:"pvText"`
}

// SolveProgress is an exact solve's progress (the worker's
// thinchessProgress during Solve): done of total, in words.
type SolveProgress struct {
	Done  int    `json:"done"`
	Total int    `json:"total"`
	Text  string `json:"text"`
}
