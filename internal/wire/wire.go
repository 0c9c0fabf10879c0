package wire

import (
	"encoding/json"
	"fmt"
)

// Mode is a mode as a page's script plays it: the mode page embeds one,
// and every puzzle of a chunk is one (PuzzleEntry).
type Mode struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// URL is the mode's page, relative to the page that embeds it.
	URL     string `json:"url"`
	Variant string `json:"variant"`
	// Game is the start as a saved game ({"variant", "rules", "start",
	// "moves", "cursor"}), as game.Game (engine/game) writes it.
	Game json.RawMessage `json:"game" ts:"Game"`
	// Start is the start as the mode writes it (a position code or a
	// FEN); FEN and Code are the start in both notations.
	Start string `json:"start"`
	FEN   string `json:"fen"`
	Code  string `json:"code"`
	// W and H are the board's width (files) and height (ranks).
	W int `json:"w"`
	H int `json:"h"`
	// Promotion lists the letters of the pieces a pawn may promote to.
	Promotion  []string `json:"promotion"`
	Difficulty int      `json:"difficulty"`
	// Table is the URL of the mode's play table, when the site ships one.
	Table        string        `json:"table,omitempty"`
	Claim        *Claim        `json:"claim,omitempty"`
	Verification *Verification `json:"verification,omitempty"`
	Puzzle       *Puzzle       `json:"puzzle,omitempty"`
	// Opponent is the strategy the computer plays by: perfect,
	// aggressive, cooperative or random.
	Opponent string `json:"opponent"`
	// Drills are the mode's named drills, proven in its table (package
	// drill); a page offers them when it plays from the table.
	Drills []Drill `json:"drills,omitempty"`
}

// Drill is a named drill: a position of the mode's table for the side
// to move to win against perfect defence, or to hold to a draw.
type Drill struct {
	Name string `json:"name"`
	// Start is the position as a FEN.
	Start string `json:"start"`
	// Goal is win or draw, for the side to move.
	Goal string `json:"goal"`
	// MateIn is the fastest mate of a win, in the winner's moves.
	MateIn int `json:"mateIn,omitempty"`
}

// Game is a saved game, as game.Game (engine/game) writes it.
type Game struct {
	// Variant is the preset and Rules the rules that differ from it, by
	// their front-matter names.
	Variant string                     `json:"variant"`
	Rules   map[string]json.RawMessage `json:"rules,omitempty" ts:"Record<string, boolean | number | string>"`
	// Start is the start's FEN.
	Start string `json:"start"`
	// Moves are the moves in coordinate notation (under bans, actions
	// such as "b:e2e4"), those played then those to redo; Cursor counts
	// the played ones.
	Moves  []string `json:"moves"`
	Cursor int      `json:"cursor"`
}

// Claim is what a mode asserts about its start.
type Claim struct {
	// Result is white-wins, black-wins or draw.
	Result string `json:"result"`
	MateIn int    `json:"mateIn,omitempty"`
}

// Verification is what the build proved about a mode, as its page and
// the trainer show it.
type Verification struct {
	// Method is exact, mate-search or unverified.
	Method string `json:"method"`
	// Verified is true when the claim, the solution and every hint were
	// proven.
	Verified bool `json:"verified"`
	// Value is the start's value with best play: white-wins, black-wins,
	// draw or unknown; DTM its distance to mate in plies, -1 for a draw
	// or unknown; MateIn the winner's moves to mate.
	Value  string `json:"value"`
	DTM    int    `json:"dtm"`
	MateIn int    `json:"mateIn,omitempty"`
	// Best lists every optimal first move and PV a principal variation,
	// in SAN.
	Best []string `json:"best,omitempty"`
	PV   []string `json:"pv,omitempty"`
	// Note explains a method or why a claim is unverified.
	Note string `json:"note,omitempty"`
	// States and Edges count the reachable graph of an exact solve;
	// WhiteWins, BlackWins and Draws split its states by value.
	States    int `json:"states,omitempty"`
	Edges     int `json:"edges,omitempty"`
	WhiteWins int `json:"whiteWins,omitempty"`
	BlackWins int `json:"blackWins,omitempty"`
	Draws     int `json:"draws,omitempty"`
	// Certificate is the key of the certificate an exact value comes
	// from.
	Certificate string `json:"certificate,omitempty"`
	// EstimatedRating and Themes are what the build read from the proof
	// of a puzzle without a rating or themes of its own.
	EstimatedRating int      `json:"estimatedRating,omitempty"`
	Themes          []string `json:"themes,omitempty"`
}

// Puzzle is what makes a mode a puzzle: the player's side, the task,
// the solution and the hints, and the tree of moves the trainer accepts.
type Puzzle struct {
	// Side is white or black.
	Side     string `json:"side"`
	Task     string `json:"task"`
	Solution string `json:"solution"`
	Hints    []Hint `json:"hints"`
	// Tree is the solution tree, null when the build proved none.
	Tree *TreeNode `json:"tree"`
	// Danger is a hold's first hint, from the proof: the threat its
	// tempting wrong move allows. The trainer makes the other hints
	// (the piece to move, its square, the move to ban) from Tree.
	Danger *Danger `json:"danger,omitempty"`
}

// Danger is what a hold's tempting wrong first move allows.
type Danger struct {
	// Move is the wrong move, in SAN.
	Move string `json:"move"`
	// Reply is the refutation's first move in coordinates, ReplySAN in
	// SAN.
	Reply    string `json:"reply"`
	ReplySAN string `json:"replySan"`
	// WinIn is the opponent's moves to win after Move.
	WinIn int `json:"winIn"`
}

// Hint is one step of progressive help.
type Hint struct {
	Text    string   `json:"text"`
	Squares []string `json:"squares,omitempty"`
	Move    string   `json:"move,omitempty"`
}

// TreeNode is one position of a puzzle's solution tree. At the player's
// turn Accept lists every move the trainer accepts (in coordinates) and
// Next holds the position after each; at the opponent's turn Reply is
// the defence the trainer plays.
type TreeNode struct {
	FEN    string               `json:"fen"`
	Accept []string             `json:"accept,omitempty"`
	Reply  string               `json:"reply,omitempty"`
	SAN    map[string]string    `json:"san,omitempty"` // coordinate → SAN of the moves listed here
	Next   map[string]*TreeNode `json:"next,omitempty"`
	// End is set on the final position: "checkmate", "race", … .
	End string `json:"end,omitempty"`
}

// Chunk is one file of puzzles the trainer fetches
// (assets/puzzles/PACK-N.HASH.json), sorted by rating.
type Chunk []PuzzleEntry

// PuzzleEntry is one puzzle of a chunk: the mode the trainer plays, and
// what its filters and the dashboard need.
type PuzzleEntry struct {
	Mode
	// Pack is the id of the puzzle's pack ("_authored" for the puzzles
	// written as mode files).
	Pack string `json:"pack"`
	// Rating is the puzzle's rating; Estimated is true when the build
	// estimated it (from the proof, else from the difficulty).
	Rating    int      `json:"rating"`
	Estimated bool     `json:"estimated,omitempty"`
	Themes    []string `json:"themes,omitempty"`
	// Family is the board's family (1d, thin, minichess, standard) and
	// Kind what the puzzle asks (mate, race, hold, ban).
	Family string `json:"family"`
	Kind   string `json:"kind"`
	// Last is the move that led to the start, in coordinates.
	Last   string  `json:"last,omitempty"`
	Source *Source `json:"source,omitempty"`
	Notes  string  `json:"notes,omitempty"`
}

// Source is where a puzzle comes from: a URL shown as a link (never
// markup) and its statistics there.
type Source struct {
	URL             string `json:"url,omitempty"`
	Plays           int    `json:"plays,omitempty"`
	Popularity      int    `json:"popularity,omitempty"`
	RatingDeviation int    `json:"rd,omitempty"`
}

// Index is the trainer's index of the corpus
// (assets/puzzles/index.HASH.json).
type Index struct {
	Total  int          `json:"total"`
	Packs  []PackIndex  `json:"packs"`
	Chunks []ChunkIndex `json:"chunks"`
	// IDs are the URLs of the id buckets: bucket fnv1a32(id) % len(IDs)
	// maps each id of its bucket to its chunk's number (IDBucket).
	IDs []string `json:"ids"`
	// Families names the board families, in order, with their puzzle
	// counts; Kinds counts what the puzzles ask; ThemeNames spells every
	// theme for people.
	Families   []Count           `json:"familyNames"`
	Kinds      []Count           `json:"kinds"`
	ThemeNames map[string]string `json:"themeNames"`
}

// Count is a board family or a kind of puzzle, with how many puzzles it
// has.
type Count struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Count int    `json:"n"`
}

// PackIndex is a pack in the index.
type PackIndex struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Summary string `json:"summary,omitempty"`
	Source  string `json:"source,omitempty"`
	Licence string `json:"licence,omitempty"`
	// Page is the pack's page, relative to the site's root.
	Page  string `json:"page,omitempty"`
	Count int    `json:"count"`
	// Lo and Hi are the lowest and highest rating.
	Lo       int      `json:"lo"`
	Hi       int      `json:"hi"`
	Families []string `json:"families"`
	// Chunks are the numbers of the pack's chunks in Index.Chunks.
	Chunks []int `json:"chunks"`
	// Tables are the exact tables its puzzles load; Bytes is the size of
	// its chunks and tables together, for "make available offline".
	Tables []string `json:"tables,omitempty"`
	Bytes  int      `json:"bytes"`
	// Unverified counts the puzzles the build could not prove (a pack
	// whose header says unverified: true); each is marked "not
	// verified", as its Verification.Verified is false.
	Unverified int `json:"unverified,omitempty"`
}

// ChunkIndex is a chunk in the index.
type ChunkIndex struct {
	URL      string         `json:"url"`
	Pack     string         `json:"pack"`
	N        int            `json:"n"`
	Lo       int            `json:"lo"`
	Hi       int            `json:"hi"`
	Families []string       `json:"families"`
	Themes   map[string]int `json:"themes,omitempty"`
	// Kinds counts the chunk's puzzles by kind.
	Kinds map[string]int `json:"kinds"`
}

// IDBucket maps the puzzle ids of one bucket to their chunk's number
// (assets/puzzles/ids-N.HASH.json).
type IDBucket map[string]int

// Train is what the trainer page embeds: where the corpus is.
type Train struct {
	// Root is the site's root, relative to the page, and Index the
	// index's URL relative to the root.
	Root  string `json:"root"`
	Index string `json:"index"`
	// First is the puzzle the page is drawn with (its URLs relative to
	// the root): the trainer opens it for a player with nothing kept on
	// the device, so that nothing drawn is replaced (the dashboard's
	// page has none).
	First *PuzzleEntry `json:"first,omitempty"`
}

// Offline is what the offline page (offline/) embeds: where the list of
// the site's files and the puzzle index are.
type Offline struct {
	// Root is the site's root, relative to the page; List (a SaveList)
	// and Index are URLs relative to the page.
	Root  string `json:"root"`
	List  string `json:"list"`
	Index string `json:"index"`
}

// SaveList is every page of the site and every file a reader may need,
// with its size: the offline page lists from it what the device keeps
// and what "Save everything for offline" fetches, and the service worker
// keeps the files it names when a new deploy prunes its cache. It is an
// asset of the app shell (assets/offline.<hash>.json).
type SaveList struct {
	// Groups are the headings the pages are listed under, in order.
	Groups []string    `json:"groups"`
	Pages  []SavedPage `json:"pages"`
	// Files are sorted by URL; the pages are among them.
	Files []SavedFile `json:"files"`
}

// SavedPage is a page as the offline page lists it.
type SavedPage struct {
	// URL is relative to the site's root: "modes/1d-12/", "./" for the
	// home page.
	URL string `json:"url"`
	// Title is the page's own title, without the site's.
	Title string `json:"title"`
	// Group is the heading it is listed under, one of SaveList.Groups.
	Group string `json:"group"`
}

// SavedFile is a file of the site: its URL relative to the site's root
// (a page by its folder) and its size in bytes.
type SavedFile struct {
	URL   string `json:"url"`
	Bytes int    `json:"bytes"`
}

// Explore is the data an explorer page's script reads.
type Explore struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Play is the mode page, relative to this page.
	Play     string `json:"play"`
	W        int    `json:"w"`
	H        int    `json:"h"`
	Scope    string `json:"scope"`
	Layering string `json:"layering"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	// Race is true when distances are to a won race, not a mate.
	Race bool `json:"race,omitempty"`
	// Sides and Ends are the words for a side ("white") and a state's
	// end code; each node brings its own value text.
	Sides map[string]string `json:"sides"`
	Ends  map[string]string `json:"ends"`
	// Nodes are the graph's nodes, each an array (explore.Node's
	// MarshalJSON).
	Nodes json.RawMessage `json:"nodes" ts:"ExploreNode[]"`
}

// ExploreNode is a node of the explorer's graph as an array, to keep the
// data small. Its value is who wins with best play ("W", "B" or "D"),
// its dtm the distance to mate in plies (-1 for a draw), its parent the
// node it is first reached from (-1 for the start) by the move via, in
// coordinates. Flags add up 1 (optimal), 2 (in the scope), 4 (drawn) and
// 8 (in the winning subtree). The build writes it with
// explore.Node.MarshalJSON and never reads it: the type is for the page.
//
//wire:ts [x: number, y: number, layer: number, fen: string, value: string, dtm: number, terminal: string, parent: number, via: string, flags: number, moves: ExploreMove[], text: string, label: string]
type ExploreNode []json.RawMessage

// ExploreMove is a legal move of a node: [san, to, flags] when it leads
// to a shown node (to is its number), else [san, -1, flags, value, dtm,
// text] with the value of the state it leads to.
//
//wire:ts [san: string, to: number, flags: number] | [san: string, to: -1, flags: number, value: string, dtm: number, text: string]
type ExploreMove []json.RawMessage

// PlayHeader is the head of a play table, the exact table a page plays
// from (solver.Table.MarshalPlay): after the magic "TCPT" and the
// version byte, its fields as uvarints in this order (Mirrored as 0 or
// 1). It is binary, not JSON: the names are those playtable.js reads
// the fields into.
type PlayHeader struct {
	// States and Edges count the reachable graph; WhiteWins, BlackWins
	// and Draws split its states by value; Mates, Stalemates,
	// Insufficient and Races count its ended states by how they ended.
	States       int `json:"states"`
	Edges        int `json:"edges"`
	WhiteWins    int `json:"whiteWins"`
	BlackWins    int `json:"blackWins"`
	Draws        int `json:"draws"`
	Mates        int `json:"mates"`
	Stalemates   int `json:"stalemates"`
	Insufficient int `json:"insufficient"`
	Races        int `json:"races"`
	// Slots is the number of keys (states with distinct state keys) and
	// StartSlot the start position's.
	Slots     int `json:"slots"`
	StartSlot int `json:"startSlot"`
	// Mirrored is true when the table holds the states with White to
	// move only and finds the others by their mirrors.
	Mirrored bool `json:"mirrored"`
}

// PlayHeaderFields is the number of uvarints of a PlayHeader.
const PlayHeaderFields = 12

// Fields returns the header's uvarints in their order.
func (h *PlayHeader) Fields() [PlayHeaderFields]uint64 {
	mirrored := uint64(0)
	if h.Mirrored {
		mirrored = 1
	}
	return [...]uint64{uint64(h.States), uint64(h.Edges), uint64(h.WhiteWins), uint64(h.BlackWins), uint64(h.Draws),
		uint64(h.Mates), uint64(h.Stalemates), uint64(h.Insufficient), uint64(h.Races), uint64(h.Slots), uint64(h.StartSlot), mirrored}
}

// SetFields sets the header from its uvarints in their order. It fails
// when Mirrored is neither 0 nor 1.
func (h *PlayHeader) SetFields(f [PlayHeaderFields]uint64) error {
	if f[11] > 1 {
		return fmt.Errorf("mirrored flag %d, want 0 or 1", f[11])
	}
	*h = PlayHeader{int(f[0]), int(f[1]), int(f[2]), int(f[3]), int(f[4]), int(f[5]), int(f[6]), int(f[7]), int(f[8]), int(f[9]), int(f[10]), f[11] == 1}
	return nil
}
