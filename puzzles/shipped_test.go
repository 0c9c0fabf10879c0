package puzzles_test

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/site/chunks"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/mate"
)

// shippedPuzzle is a puzzle of a shipped pack as the audit reads it.
type shippedPuzzle struct {
	m      *mode.Mode
	pack   string
	family string // chunks.Family of its board
	kind   string // mate, race, hold or ban, as the site counts them
	line   []engine.Move
}

var shipped struct {
	once    sync.Once
	puzzles []shippedPuzzle
	err     error
}

// shippedPuzzles loads the shipped site's packs once: every puzzle with
// its family, kind and parsed line.
func shippedPuzzles(t *testing.T) []shippedPuzzle {
	t.Helper()
	shipped.once.Do(func() {
		// THINCHESS_AUDIT_SRC measures another checkout's packs (the
		// figures before a change, for docs/puzzles.md).
		s, errs := mode.Load(cmp.Or(os.Getenv("THINCHESS_AUDIT_SRC"), filepath.Join("..")))
		if err := errs.Err(); err != nil {
			shipped.err = err
			return
		}
		// The site's puzzles: those of the packs, and the puzzles written
		// as mode files (their "pack" is "modes").
		type source struct {
			id      string
			puzzles []*mode.Mode
		}
		sources := []source{{id: "modes"}}
		for _, m := range s.Modes {
			if m.Puzzle != nil && m.Origin.Kind != mode.FromPack {
				sources[0].puzzles = append(sources[0].puzzles, m)
			}
		}
		for _, pk := range s.Packs {
			sources = append(sources, source{pk.ID, pk.Puzzles})
		}
		for _, pk := range sources {
			for _, m := range pk.puzzles {
				line, err := puzzles.SolutionLine(m)
				if err != nil {
					shipped.err = fmt.Errorf("%s:%d: %v", m.Path, m.Origin.Line, err)
					return
				}
				kind := "mate"
				switch {
				case m.Rules.Bans:
					kind = "ban"
				case m.Claim.Result == engine.Drawn:
					kind = "hold"
				case m.Rules.Goal == engine.GoalRace:
					kind = "race"
				}
				shipped.puzzles = append(shipped.puzzles, shippedPuzzle{m: m, pack: pk.id, family: chunks.Family(m.Start.B), kind: kind, line: line})
			}
		}
	})
	if shipped.err != nil {
		t.Fatal(shipped.err)
	}
	return shipped.puzzles
}

// share is a count out of a total.
type share struct{ n, of int }

func (s share) percent() float64 {
	if s.of == 0 {
		return 0
	}
	return 100 * float64(s.n) / float64(s.of)
}

func (s share) String() string { return fmt.Sprintf("%d of %d (%.1f%%)", s.n, s.of, s.percent()) }

// audit is what a player would notice about the shipped puzzles: the
// measures of issue 32.
type audit struct {
	total int
	// inTwoPacks counts the positions (up to symmetry, Ban Chess apart)
	// that appear in more than one pack.
	inTwoPacks int
	twoPackIDs []string // the ids of one such puzzle per position
	// alsoModes lists the pack puzzles a mode file's puzzle repeats.
	alsoModes []string
	// shifted counts the one-file puzzles whose position another one-file
	// puzzle has up to a shift along the file.
	shifted share
	// twins counts, per pack, the puzzles whose solution another puzzle
	// of the pack plays move for move.
	twins map[string]share
	// twoChoice counts holds with two legal moves at the start;
	// thinCapture the thin holds saved by a capture.
	twoChoice, thinCapture share
	// mateIn1 and allCheck count, per family, the wins in one move (any
	// kind) and the wins of two moves or more where every move of the
	// winner checks (of those wins).
	mateIn1, allCheck map[string]share
	// motif is each family's most common motif among the puzzles from
	// play (games-* packs) and its share of them.
	motif     map[string]share
	motifName map[string]string
	// packs counts, per pack, what the miners cap (see packCounts).
	packs map[string]*packCounts
	// bans counts Ban Chess puzzles whose first action is a move that
	// mates at once, ignoring bans.
	plainBanMates share
}

// packCounts are a pack's counts under the miners' caps on shares:
// its puzzles, its wins in one, its wins of two moves or more and those
// where every move of the winner checks, its holds saved by a capture
// and each motif.
type packCounts struct {
	n, inOne, multi, allCheck, captureHolds int
	motifs                                  map[string]int
	// selfPlay marks a pack of the searcher's games (proof: mate-search).
	selfPlay bool
}

// measure computes the audit of ps.
func measure(ps []shippedPuzzle) *audit {
	a := &audit{packs: map[string]*packCounts{}, twins: map[string]share{}, mateIn1: map[string]share{}, allCheck: map[string]share{}, motif: map[string]share{}, motifName: map[string]string{}}
	a.total = len(ps)
	packsOf := map[string]map[string]bool{}
	idOf := map[string]string{}
	shifts := map[string]int{}
	twins := map[string]int{}
	motifs := map[string]map[string]int{}
	families := map[string]int{}
	var buf [engine.MaxMoves]engine.Move
	for _, p := range ps {
		kind := puzzles.KindWin
		if p.kind == "hold" {
			kind = puzzles.KindHold
		}
		at := *p.m.Start
		at.Halfmove, at.Fullmove = 0, 1
		key := puzzles.PuzzleKeys(&at, p.line, kind)[0]
		if packsOf[key] == nil {
			packsOf[key] = map[string]bool{}
		}
		packsOf[key][p.pack] = true
		idOf[key] = p.m.ID
		if s := puzzles.ShiftKey(&at); s != "" && !p.m.Rules.Bans {
			a.shifted.of++
			if shifts[s]++; shifts[s] > 1 {
				a.shifted.n++
			}
		}
		pc := a.packs[p.pack]
		if pc == nil {
			pk := p.m.Origin.Pack
			pc = &packCounts{motifs: map[string]int{}, selfPlay: pk != nil && pk.Proof == mode.MateSearchProof}
			a.packs[p.pack] = pc
		}
		pc.n++
		pc.motifs[puzzles.Motif(&at, p.line, kind)]++
		if p.kind == "hold" && at.At(p.line[0].To()) != engine.NoPiece {
			pc.captureHolds++
		}
		tw := a.twins[p.pack]
		tw.of++
		if k := p.pack + " " + puzzles.TwinKey(&at, p.line, kind); twins[k] > 0 {
			tw.n++
		} else {
			twins[k]++
		}
		a.twins[p.pack] = tw
		// Motifs are the miners' to cap: imported puzzles (lichess's)
		// and those written by hand keep their source's mix.
		if strings.HasPrefix(p.pack, "games-") {
			if motifs[p.family] == nil {
				motifs[p.family] = map[string]int{}
			}
			motifs[p.family][puzzles.Motif(&at, p.line, kind)]++
			families[p.family]++
		}
		if p.kind == "hold" {
			a.twoChoice.of++
			if len(at.LegalMoves(buf[:0])) == 2 {
				a.twoChoice.n++
			}
			if p.family == "thin" {
				a.thinCapture.of++
				if at.At(p.line[0].To()) != engine.NoPiece {
					a.thinCapture.n++
				}
			}
			continue
		}
		if p.kind == "ban" {
			a.plainBanMates.of++
			if !p.line[0].IsBan() && at.GivesCheck(p.line[0]) {
				q := at
				q.MakeAction(p.line[0])
				r := *q.R
				r.Bans = false
				plain := q
				plain.R, plain.BanPhase, plain.Ban = &r, false, engine.NoMove
				if plain.Status() != engine.Active {
					a.plainBanMates.n++
				}
			}
			continue
		}
		attacker, checks := 0, 0
		q := at
		for i, mv := range p.line {
			if i%2 == 0 {
				attacker++
				if q.GivesCheck(mv) {
					checks++
				}
			}
			q.Make(mv)
		}
		if attacker == 1 {
			pc.inOne++
		} else {
			pc.multi++
			if checks == attacker {
				pc.allCheck++
			}
		}
		// Each family as a whole, and its puzzles from play (games-*
		// packs) apart: the miners cap the second.
		groups := []string{p.family}
		if strings.HasPrefix(p.pack, "games-") {
			groups = append(groups, p.family+" from play")
		}
		for _, g := range groups {
			m1, ac := a.mateIn1[g], a.allCheck[g]
			m1.of++
			if attacker == 1 {
				m1.n++
			} else {
				ac.of++
				if checks == attacker {
					ac.n++
				}
			}
			a.mateIn1[g], a.allCheck[g] = m1, ac
		}
	}
	for _, key := range slices.Sorted(maps.Keys(packsOf)) {
		packs := packsOf[key]
		where := strings.Join(slices.Sorted(maps.Keys(packs)), "+") + ": " + idOf[key]
		switch {
		case packs["modes"] && len(packs) > 1:
			// A pack's puzzle that a puzzle written as a mode file has
			// too: the miners' --after names packs only.
			a.alsoModes = append(a.alsoModes, where)
		case len(packs) > 1:
			a.inTwoPacks++
			a.twoPackIDs = append(a.twoPackIDs, where)
		}
	}
	for f, ms := range motifs {
		for name, n := range ms {
			if n > a.motif[f].n {
				a.motif[f] = share{n, families[f]}
				a.motifName[f] = name
			}
		}
	}
	return a
}

// TestShippedPuzzlesVariety measures the shipped packs as a player meets
// them (issue 32's audit) and holds them to its targets: at least
// 30,000 puzzles, no position in
// two packs, shifted one-file copies at most 5% of one-file puzzles,
// no twin by an idle piece in a pack from play, two-choice holds at most
// 5% of holds, thin holds saved by a capture at most 30% of thin holds,
// no motif over 10% of a family's puzzles from play, wins in one move at
// most 25% on 8×8, all-check wins at most 30% of each family's wins of
// two moves or more from play, and each pack from play under the miners'
// caps. go test -v prints the figures docs/puzzles.md quotes.
func TestShippedPuzzlesVariety(t *testing.T) {
	a := measure(shippedPuzzles(t))
	t.Logf("%d puzzles; %d positions in two packs or more", a.total, a.inTwoPacks)
	t.Logf("pack puzzles a mode file's puzzle repeats: %d %v", len(a.alsoModes), a.alsoModes)
	t.Logf("one-file puzzles shifted from another: %v", a.shifted)
	t.Logf("holds with two legal moves: %v; thin holds saved by a capture: %v", a.twoChoice, a.thinCapture)
	t.Logf("Ban Chess puzzles that mate at once without a ban: %v", a.plainBanMates)
	for _, f := range slices.Sorted(maps.Keys(a.mateIn1)) {
		t.Logf("%s: wins in one %v; all-check wins of two moves or more %v", f, a.mateIn1[f], a.allCheck[f])
	}
	for _, f := range slices.Sorted(maps.Keys(a.motif)) {
		t.Logf("%s: most common motif among puzzles from play %q %v", f, a.motifName[f], a.motif[f])
	}
	var twins []string
	var fromPlay share
	for _, id := range slices.Sorted(maps.Keys(a.twins)) {
		s := a.twins[id]
		if s.n > 0 {
			twins = append(twins, fmt.Sprintf("%s %v", id, s))
		}
		if strings.HasPrefix(id, "games-") {
			fromPlay.n += s.n
			fromPlay.of += s.of
		}
	}
	t.Logf("twins by an idle piece in the packs from play: %v", fromPlay)
	t.Logf("twins by an idle piece: %s", strings.Join(twins, "; "))

	if a.total < 30000 {
		t.Errorf("%d puzzles on the site, want at least 30,000 (issue 32)", a.total)
	}
	if a.inTwoPacks > 0 {
		t.Errorf("%d positions are in two packs or more: want none (%s)", a.inTwoPacks, strings.Join(a.twoPackIDs, ", "))
	}
	check := func(what string, s share, most float64) {
		if s.percent() > most {
			t.Errorf("%s: %v, want at most %.0f%%", what, s, most)
		}
	}
	check("one-file puzzles shifted from another", a.shifted, 5)
	check("holds with two legal moves", a.twoChoice, 5)
	// A family's motifs, where it has puzzles from play enough for a
	// share to mean something (the caps never go below puzzles.MinCap).
	for f, s := range a.motif {
		if s.of >= 10*puzzles.MinCap {
			check(fmt.Sprintf("%s: motif %q", f, a.motifName[f]), s, 10)
		}
	}
	// Issue 32's targets, over a family: thin holds saved by a capture,
	// wins in one move on 8×8, and in every family the all-check wins
	// among the wins of two moves or more from play.
	check("thin holds saved by a capture", a.thinCapture, puzzles.MaxCaptureHolds)
	// Wins in one move: at most a fifth of every family (item 5; the
	// "Done when" asks 25% on 8×8).
	for _, f := range slices.Sorted(maps.Keys(a.mateIn1)) {
		check(f+": wins in one", a.mateIn1[f], float64(puzzles.DefaultMaxMateIn1))
	}
	for f, s := range a.allCheck {
		if strings.HasSuffix(f, " from play") {
			check(f+": all-check wins of two moves or more", s, puzzles.MaxAllCheck)
		}
	}
	// Each pack from play under the miners' caps: motifs and capture
	// holds as shares of the pack's puzzles, never below puzzles.MinCap;
	// wins in one never below one; all-check wins as a share of the wins
	// of two moves or more in a pack of the searcher's games, of the
	// pack's puzzles in one mined over a table (see puzzles.gamer.limits).
	for _, id := range slices.Sorted(maps.Keys(a.packs)) {
		pc := a.packs[id]
		if !strings.HasPrefix(id, "games-") {
			continue
		}
		most := func(pct int) int { return max(puzzles.MinCap, pc.n*pct/100) }
		for _, c := range []struct {
			what   string
			n, pct int
		}{
			{"holds saved by a capture", pc.captureHolds, puzzles.MaxCaptureHolds},
		} {
			if c.n > most(c.pct) {
				t.Errorf("%s: %d %s of %d puzzles, want at most %d", id, c.n, c.what, pc.n, most(c.pct))
			}
		}
		if most := max(1, pc.n*puzzles.DefaultMaxMateIn1/100); pc.inOne > most {
			t.Errorf("%s: %d wins in one of %d puzzles, want at most %d", id, pc.inOne, pc.n, most)
		}
		switch {
		case pc.selfPlay && pc.allCheck > pc.multi*puzzles.MaxAllCheck/100:
			t.Errorf("%s: %d all-check wins of %d wins of two moves or more, want at most %d", id, pc.allCheck, pc.multi, pc.multi*puzzles.MaxAllCheck/100)
		case !pc.selfPlay && pc.allCheck > most(puzzles.MaxAllCheck):
			t.Errorf("%s: %d all-check wins of %d puzzles, want at most %d", id, pc.allCheck, pc.n, most(puzzles.MaxAllCheck))
		}
		if n := a.twins[id].n; n > 0 {
			t.Errorf("%s: %d twins by an idle piece, want none", id, n)
		}
		for m, n := range pc.motifs {
			if n > most(puzzles.DefaultMaxMotif) {
				t.Errorf("%s: motif %q %d times in %d puzzles, want at most %d", id, m, n, pc.n, most(puzzles.DefaultMaxMotif))
			}
		}
	}
}

// TestShippedTablePuzzlesOnlyMove checks every puzzle of the shipped
// packs proven by a table against that table: a win has one winning
// first move (no slower win beside it), and a hold has at least three
// legal first moves, two of them losing, one of which tempts (a check
// or a capture) or takes three plies or more to refute. The tables of
// more than 5 million states (Thin Chess 2×10) are solved only in the
// full run (package testscope), and with -short only those of at most
// 200,000.
func TestShippedTablePuzzlesOnlyMove(t *testing.T) {
	ps := shippedPuzzles(t)
	byTable := map[*mode.Mode][]shippedPuzzle{}
	for _, p := range ps {
		if p.m.Origin.Pack == nil {
			continue
		}
		if tm := p.m.Origin.Pack.TableMode; tm != nil {
			byTable[tm] = append(byTable[tm], p)
		}
	}
	var wins, otherWins, holds, thin share
	for tm, list := range byTable {
		// The largest tables (Thin Chess 2×10: 54.9M states, a minute
		// and 0.64 GB) only in the full run (package testscope).
		limit := 5_000_000
		switch {
		case testscope.Full():
			limit = 64_000_000
		case testing.Short():
			limit = 200_000
		}
		tab, err := solver.Solve(tm.Start, solver.Options{MaxStates: limit})
		if err != nil {
			t.Logf("%s: not solved (%v): %d puzzles not checked", tm.ID, err, len(list))
			continue
		}
		for _, p := range list {
			mvs := tab.MoveValues(p.m.Start)
			winning, losing, deep := 0, 0, false
			for _, mv := range mvs {
				switch mv.Value {
				case solver.Win:
					winning++
				case solver.Loss:
					losing++
					deep = deep || p.m.Start.At(mv.Move.To()) != engine.NoPiece || p.m.Start.GivesCheck(mv.Move) || mv.DTM >= 4
				}
			}
			if p.kind == "hold" {
				holds.of++
				if len(mvs) < 3 || losing < 2 || !deep {
					holds.n++
					thin.n++
				}
				continue
			}
			wins.of++
			if winning > 1 {
				otherWins.n++
			}
		}
	}
	otherWins.of = wins.of
	t.Logf("table wins with another winning first move: %v; thin holds (fewer than three moves, two losing, or none tempting or deep): %v", otherWins, holds)
	if otherWins.percent() > 10 {
		t.Errorf("wins with another winning first move: %v, want at most 10%%", otherWins)
	}
	if thin.n > 0 {
		t.Errorf("thin holds: %v, want none", holds)
	}
}

// TestDocsSupplyCounts: docs/puzzles.md's supply tables say how many
// puzzles the shipped packs hold, by board family and by kind, and how
// many are wins in one move (checkmates, races and Ban Chess wins whose
// solver acts once): the figures are the packs' own.
func TestDocsSupplyCounts(t *testing.T) {
	if os.Getenv("THINCHESS_AUDIT_SRC") != "" {
		t.Skip("the docs describe this checkout's packs")
	}
	ps := shippedPuzzles(t)
	want := map[string]int{"total": len(ps)}
	rows := map[string]string{"1d": "one file (1-D)", "thin": "thin (two and three files)", "minichess": "minichess (5×5 to 6×6)", "standard": "standard chess (8×8)",
		"mate": "mate (win by checkmate)", "hold": "hold the draw", "race": "win the race", "ban": "Ban Chess (a win with bans)"}
	for _, p := range ps {
		want[p.family]++
		want[p.kind]++
		if p.kind == "ban" {
			want["Ban Chess (by kind; its boards count above too)"]++
		}
		if p.kind != "hold" && len(p.line) == 1 {
			want["in one"]++
		}
	}
	data, err := os.ReadFile(filepath.Join("..", "docs", "puzzles.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	number := func(n int) string {
		s := fmt.Sprint(n)
		for i := len(s) - 3; i > 0; i -= 3 {
			s = s[:i] + "," + s[i:]
		}
		return s
	}
	expect := []string{fmt.Sprintf("%s puzzles in the built site", number(want["total"])),
		fmt.Sprintf("Wins in one move: %s (%.1f%%)", number(want["in one"]), 100*float64(want["in one"])/float64(want["total"]))}
	for _, k := range slices.Sorted(maps.Keys(rows)) {
		expect = append(expect, fmt.Sprintf("| %s | %s |", rows[k], number(want[k])))
	}
	expect = append(expect, fmt.Sprintf("| Ban Chess (by kind; its boards count above too) | %s |", number(want["ban"])))
	for _, e := range expect {
		if !strings.Contains(doc, e) {
			t.Errorf("docs/puzzles.md does not say %q", e)
		}
	}
}

// TestShippedQuickChessUnderPublishedRules plays every shipped QuickChess
// puzzle under the rules its mode's page publishes, where a pawn may
// promote to any piece captured since the game's start (the trainer
// starts a fresh game from the puzzle's position, where nothing is
// captured yet): at each turn of the attacker the line's move must be
// the only fastest mate there too, so that the two rules ask the same
// puzzle (issue 32: 13 puzzles had a second solution).
func TestShippedQuickChessUnderPublishedRules(t *testing.T) {
	if testing.Short() {
		t.Skip("a mate search at every turn of every QuickChess puzzle")
	}
	s, errs := mode.Load(cmp.Or(os.Getenv("THINCHESS_AUDIT_SRC"), filepath.Join("..")))
	if err := errs.Err(); err != nil {
		t.Fatal(err)
	}
	var game *mode.Mode
	for _, m := range s.Modes {
		if m.ID == "quickchess" {
			game = m
		}
	}
	if game == nil {
		t.Fatal("no quickchess mode")
	}
	checked, second := 0, 0
	for _, pk := range s.Packs {
		if pk.ID != "games-quickchess" {
			continue
		}
		for _, m := range pk.Puzzles {
			line, err := m.Start.ParseLine(m.Puzzle.Solution)
			if err != nil {
				t.Fatal(err)
			}
			r := *m.Start.R
			r.InitialMaterial = game.Start.R.InitialMaterial
			q, err := engine.Parse(m.Start.FEN(), &r)
			if err != nil {
				t.Fatalf("%s: %v", m.ID, err)
			}
			checked++
			attacker, n := q.Side, m.Claim.MateIn
			for i, mv := range line {
				if i%2 == 0 {
					res, err := mate.Search(q, attacker, n-i/2, mate.Options{MaxNodes: 400_000, MaxTreeNodes: -1})
					fastest := 0
					if err == nil && res.Found {
						for _, f := range res.First {
							if f.Moves == res.Moves {
								fastest++
							}
						}
					}
					if err != nil || !res.Found || res.Moves != n-i/2 || fastest != 1 || res.First[0].Move != mv {
						second++
						t.Errorf("%s (%s): under the published rule, turn %d: %d fastest mates, want %s alone", m.ID, m.Start.FEN(), i/2+1, fastest, q.SAN(mv))
						break
					}
				}
				q.Make(mv)
			}
		}
	}
	t.Logf("%d QuickChess puzzles checked under the published rule; %d with another answer", checked, second)
}
