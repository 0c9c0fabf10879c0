// JavaScript twin: templates/static/js/session.js (StatusText).

package bridge

import (
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
)

// The sentences the page shows about a game, written here from the
// engine's types so that the page keeps no words of its own.

// bannedText names the banned move of p as the move it forbids, in SAN
// ("Ra4", see engine.BanSAN), "" when none.
func bannedText(p *engine.Position) string {
	if p.BanPhase || p.Ban == engine.NoMove {
		return ""
	}
	return p.BanSAN(p.Ban)
}

// StatusText describes a game for the status line: "White to move, in
// check.", "Black bans one of White's moves.", "White to move; Black
// banned Ra4.", "White wins by checkmate: White banned Black's only
// move, Kb2.", "Draw by stalemate.". A ban is named as the move it
// forbids, in SAN, as the move list writes moves.
func StatusText(g *game.Game) string {
	p := g.Position()
	st := g.Status()
	banned := bannedText(p)
	banner := p.Side.Other().Title()
	if st.IsOver() {
		var byBan string
		if p.R.Bans && banned != "" && (st == engine.Checkmate || st == engine.Stalemate) {
			// The side to move had one move left, and it was banned.
			byBan = ": " + banner + " banned " + p.Side.Title() + "'s only move, " + banned
		}
		if c, ok := g.Winner(); ok {
			return c.Title() + " wins by " + st.Reason() + byBan + "."
		}
		return "Draw by " + st.Reason() + byBan + "."
	}
	check := p.InCheck()
	if p.BanPhase {
		s := p.Actor().Title() + " bans one of " + p.Side.Title() + "'s moves"
		if check {
			s += " (" + p.Side.Title() + " is in check)"
		}
		return s + "."
	}
	s := p.Side.Title() + " to move"
	if check {
		s += ", in check"
	}
	if banned != "" {
		s += "; " + banner + " banned " + banned
	}
	return s + "."
}

// positionText describes a position the editor parsed: the side to
// move, its status unless the game goes on, and the preset.
func positionText(g *game.Game) string {
	p := g.Position()
	s := p.Side.Title() + " to move"
	if st := g.Status(); st.IsOver() {
		s += " (" + strings.ReplaceAll(st.String(), "-", " ") + ")"
	}
	return s + ". Preset: " + p.R.Preset + "."
}
