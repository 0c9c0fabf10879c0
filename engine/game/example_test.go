package game_test

import (
	"fmt"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
)

// A game of 1-D chess: two moves in SAN, their history, and the game read
// back from its PGN.
func ExampleNew() {
	start, err := engine.Parse("k/n/r/1/1/R/N/K w - - 0 1", engine.MustPreset("1d"))
	if err != nil {
		panic(err)
	}
	g := game.New(start)
	for _, san := range []string{"Na4", "Rxa4"} {
		if err := g.PlayText(san); err != nil {
			panic(err)
		}
	}
	fmt.Println(g.SANHistory(), g.Status(), g.Result())
	back, _, err := game.ParsePGN(g.PGN(nil))
	if err != nil {
		panic(err)
	}
	fmt.Println(len(back.Moves()), back.Position().FEN() == g.Position().FEN())
	// Output:
	// [Na4 Rxa4] active *
	// 2 true
}
