package verify

import (
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// Verification is what the build proved about one mode: the method used,
// the value of the start position and, for puzzles, the solution tree the
// trainer walks.
type Verification struct {
	// Method is how the value was found: exactly, by mate search, or not
	// at all (solver.Unverified).
	Method solver.Method `json:"method"`
	// Verified is true when the claim (if any), the solution and every
	// hint were proven.
	Verified bool `json:"verified"`
	// Value is the start's value with best play.
	Value engine.Outcome `json:"value"`
	// DTM is the distance to mate in plies under best play; -1 for a draw
	// or unknown.
	DTM int `json:"dtm"`
	// MateIn is the winner's moves to mate (DTM+1)/2, 0 when none.
	MateIn int `json:"mateIn,omitempty"`
	// Best lists every optimal first move in SAN.
	Best []string `json:"best,omitempty"`
	// PV is a principal variation in SAN.
	PV []string `json:"pv,omitempty"`
	// Note explains a method or why a claim is unverified.
	Note string `json:"note,omitempty"`
	// States and Edges count the reachable graph of an exact solve.
	States int `json:"states,omitempty"`
	Edges  int `json:"edges,omitempty"`
	// WhiteWins, BlackWins and Draws split the states of an exact solve
	// by value, whoever is to move.
	WhiteWins int `json:"whiteWins,omitempty"`
	BlackWins int `json:"blackWins,omitempty"`
	Draws     int `json:"draws,omitempty"`
	// Certificate is the key of the certificate an exact value comes
	// from when the start was too large to solve in the build.
	Certificate string `json:"certificate,omitempty"`
	// Tree is the puzzle's solution tree, nil for non-puzzles.
	Tree *TreeNode `json:"tree,omitempty"`
	// EstimatedRating is the rating the model of rating.go gives a
	// puzzle won by its side, from the features of its proof (exact
	// table or mate search); 0 for a puzzle with a rating of its own
	// (an imported one: it is not measured) or without a proven win.
	EstimatedRating int `json:"estimatedRating,omitempty"`
	// Themes name what the proof shows about such a puzzle (mateIn2,
	// onlyMove, quietMove, sacrifice, …; see proofThemes); nil for a
	// puzzle with themes of its own.
	Themes []string `json:"themes,omitempty"`
	// Danger is a hold's first hint: the threat its tempting wrong move
	// allows (holdDanger); nil for other puzzles.
	Danger *Danger `json:"danger,omitempty"`
	// Key identifies everything the verification was made from (the
	// mode's source, the limits, the binary): equal keys, equal results.
	Key string `json:"-"`
}

// setCounts records the counts of an exact table.
func (v *Verification) setCounts(st solver.Stats) {
	v.States, v.Edges = st.States, st.Edges
	v.WhiteWins, v.BlackWins, v.Draws = st.WhiteWins, st.BlackWins, st.Draws
}

// Artifacts are what proving a mode made besides facts: the exact table,
// which the site ships and the explorer draws. They are nil for modes
// not solved exactly.
type Artifacts struct {
	// Table is the serialized exact table (solver.Table.MarshalBinary).
	Table []byte
	// Play is the same table as the page plays from it
	// (solver.Table.MarshalPlay).
	Play []byte
	// Solved is the exact table itself when this run solved or loaded
	// it; nil when the verification came from the cache (use Table and
	// solver.UnmarshalTable then).
	Solved *solver.Table
}

// TreeNode is one position of a puzzle's solution tree. At the player's
// turn Accept lists every move the trainer accepts (all optimal moves, in
// coordinate notation) and Next holds the position after each; at the
// opponent's turn Reply is the defence the trainer plays.
type TreeNode struct {
	FEN    string               `json:"fen"`
	Accept []string             `json:"accept,omitempty"`
	Reply  string               `json:"reply,omitempty"`
	SAN    map[string]string    `json:"san,omitempty"` // coordinate → SAN for moves listed here
	Next   map[string]*TreeNode `json:"next,omitempty"`
	// End is set on the final position: "checkmate", "race", … .
	End string `json:"end,omitempty"`
}
