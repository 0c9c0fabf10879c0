package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserBanChess plays Ban Chess on Gardner's 1×8 against the
// perfect computer: the computer bans first (its ban is shown on the
// board, in the note and in the move list), the player moves, then bans
// one of the computer's moves by clicking its from-square (dots show the
// targets) and its to-square, and the computer moves; undo takes the game
// back to the player's ban. On the 1×12 board Black's first ban
// stalemates White, and the status says so: Black banned its only move.
func TestBrowserBanChess(t *testing.T) {
	needChromium(t)
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(src, "modes", "ban-chess"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ban-1d-gardner-8.md", "ban-1d-12.md"} {
		modeText, err := os.ReadFile("../modes/ban-chess/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, "modes", "ban-chess", name), modeText, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	site := buildSiteFrom(t, src, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	open(t, ctx, srv.url("modes/ban-1d-gardner-8/"))
	text := func(sel string) string {
		return eval[string](t, ctx, `(document.querySelector(`+"`"+sel+"`"+`)||{}).textContent||''`)
	}

	// Black, the computer, bans one of White's moves first.
	waitFor(t, ctx, pastPly(1), 20*time.Second)
	ban1 := eval[string](t, ctx, boardJS+`.banned || ''`)
	if ban1 == "" {
		t.Fatalf("no ban after the computer's first action: %+v", shownGame(t, ctx))
	}
	// The status line names the ban once, in words, as the move it
	// forbids ("White to move; Black banned Ra4."); the note under it is
	// the key of the marks and names no move.
	piece := pieceOn(t, ctx, ban1[:2])
	if len(piece) != 2 {
		t.Fatalf("the ban %s starts on %s, where the board shows %q", ban1, ban1[:2], piece)
	}
	letter := strings.ToUpper(strings.TrimPrefix(piece[1:], "p"))
	st := text("#status")
	name, ok := strings.CutPrefix(st, "White to move; Black banned ")
	name = strings.TrimSuffix(name, ".")
	if !ok || !strings.HasPrefix(name, letter) || !strings.Contains(name, ban1[2:]) || strings.Contains(name, ban1) {
		t.Errorf("status %q after Black's ban %s, want it named in words", st, ban1)
	}
	if note := text("#ban-note"); !strings.HasPrefix(note, "Ringed in red: the banned move") || strings.Contains(note, name) {
		t.Errorf("ban note %q: want the key of the marks, without naming %s again", note, name)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .sq.banned').length`); n != 2 {
		t.Errorf("%d squares marked banned, want 2", n)
	}
	if title := eval[string](t, ctx, `document.querySelector('#board [data-square="`+ban1[:2]+`"]').title`); !strings.Contains(title, "banned move") {
		t.Errorf("the banned move's square %s is titled %q, want it to say banned move", ban1[:2], title)
	}
	// The move list names it as the list writes moves ("ban Ra4").
	if moves := text("#moves"); !strings.Contains(moves, "ban "+name) || strings.Contains(moves, ban1) {
		t.Errorf("move list %q lacks the ban %s as %q", moves, ban1, "ban "+name)
	}

	// White, the player, moves: the banned move is not offered.
	first := eval[string](t, ctx, firstMoveJS)
	if first == "" {
		t.Fatal("the board offers White no move")
	}
	from, to := first[:2], first[2:]
	if from+to == ban1 {
		t.Fatalf("the banned move %s is offered", ban1)
	}
	clickMove(t, ctx, from, to)
	waitFor(t, ctx, `+`+boardJS+`.ply >= 2`, 5*time.Second)
	s := shownGame(t, ctx)
	if s.Over {
		t.Fatalf("game over after one move: %+v", s)
	}
	if st := text("#status"); st != "White bans one of Black's moves." {
		t.Errorf("status %q in White's ban phase", st)
	}
	if note := eval[bool](t, ctx, `document.getElementById('ban-note').hidden`); !note {
		t.Errorf("ban note still shown in a ban phase: %q", text("#ban-note"))
	}

	// White bans one of Black's moves: click its from-square, see the
	// dots, click its to-square.
	ban := eval[string](t, ctx, firstMoveJS)
	if ban == "" {
		t.Fatal("the board offers White no ban")
	}
	bfrom, bto := ban[:2], ban[2:]
	if piece := pieceOn(t, ctx, bfrom); !strings.HasPrefix(piece, "b") {
		t.Fatalf("a ban of White's is offered from %s (%q), want one of Black's pieces", bfrom, piece)
	}
	run(t, ctx, chromedp.Click(css(`#board button[data-square="`+bfrom+`"]`)))
	if ok := eval[bool](t, ctx, `(function(b){return b.classList.contains('dot')||b.classList.contains('cap')})(document.querySelector('#board button[data-square="`+bto+`"]'))`); !ok {
		t.Errorf("no target dot on %s after selecting %s", bto, bfrom)
	}
	run(t, ctx, chromedp.Click(css(`#board button[data-square="`+bto+`"]`)))
	waitFor(t, ctx, `+`+boardJS+`.ply >= 3`, 5*time.Second)
	ban2 := bfrom + bto
	if got := eval[string](t, ctx, boardJS+`.banned || ''`); got != ban2 && !shownGame(t, ctx).Over {
		t.Fatalf("banned %q after White's ban, want %s", got, ban2)
	}
	if s := shownGame(t, ctx); !slices.Contains(s.SAN, "b:"+ban2) {
		t.Errorf("move list %v lacks White's ban %s", s.SAN, ban2)
	}
	if ok := eval[bool](t, ctx, `document.getElementById('board').dataset.banned === '`+ban2+`'`); !ok && !shownGame(t, ctx).Over {
		t.Errorf("board does not record the ban %s", ban2)
	}

	// The computer moves (around the ban) and bans again.
	waitFor(t, ctx, overOrPast(5), 20*time.Second)
	s = shownGame(t, ctx)
	moves := text("#moves")
	t.Logf("move list: %s; status: %s", moves, text("#status"))
	if len(s.SAN) < 3 || !strings.Contains(moves, s.SAN[1]) {
		t.Fatalf("move list %q lacks White's move (actions %v)", moves, s.SAN)
	}
	if s.Over {
		return
	}
	if len(s.SAN) >= 4 && s.SAN[3] == "b:"+ban2 {
		t.Errorf("Black played the banned move %s", ban2)
	}
	if !strings.Contains(moves, s.SAN[3]) || !strings.HasPrefix(s.SAN[4], "b:") {
		t.Errorf("move list %q / actions %v: want Black's move and the next ban", moves, s.SAN)
	}
	if st := text("#status"); !strings.HasPrefix(st, "White to move") {
		t.Errorf("status %q after the computer's move and ban", st)
	}
	// After its ban the computer's move stays marked (filled, titled
	// "last move") beside the ban's ringed squares.
	if marks := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .sq.last, #board .sq.banned')).map(b => b.dataset.square + ':' + b.className.split(' ').filter(c => c === 'last' || c === 'banned').join('+') + ':' + b.title)`); len(marks) < 3 {
		t.Errorf("after the computer's move and ban, marks %v: want its move's two squares and the ban's", marks)
	} else if !slices.ContainsFunc(marks, func(m string) bool { return strings.Contains(m, ":last:") && strings.HasSuffix(m, "last move") }) {
		t.Errorf("after the computer's move and ban, marks %v: no square titled last move", marks)
	}

	// The ban's ring is drawn over the squares' fill (a last move's
	// square is filled), not under it, where it was hard to see.
	if bad := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .sq.banned')).filter((b) => !getComputedStyle(b, '::before').boxShadow.includes('inset')).map((b) => b.dataset.square + ' ' + getComputedStyle(b, '::before').boxShadow)`); len(bad) > 0 {
		t.Errorf("banned squares without their ring over the fill: %v", bad)
	}

	// Undo goes back to the player's last turn to act: White's ban.
	run(t, ctx, chromedp.Click(css(`[data-action="undo"]`)))
	waitFor(t, ctx, boardJS+`.ply === '2'`, 5*time.Second)
	if st := text("#status"); st != "White bans one of Black's moves." {
		t.Errorf("status %q after undo", st)
	}
	if s := shownGame(t, ctx); slices.Contains(s.SAN, "b:"+ban2) {
		t.Errorf("move list %v still shows the undone ban", s.SAN)
	}

	// Solve answers from the ban table solved in the page.
	run(t, ctx, chromedp.Click(css(`[data-action="solve"]`)))
	waitFor(t, ctx, `document.getElementById('analysis').textContent.indexOf('exact Ban Chess table') >= 0`, 10*time.Second)
	t.Logf("analysis: %s", text("#analysis"))
	// Its line is numbered, each ban before the move it restricts.
	if pv := text("#analysis"); !strings.Contains(pv, "Principal variation: 1... (ban ") {
		t.Errorf("analysis %q: want a numbered line from White's ban of Black's move (1... (ban …)", pv)
	}

	// On the 1×12 board White has a single first move: Black's first ban
	// stalemates it. The page tells that story above the board and opens
	// on the start, both sides on the device, not on the finished game;
	// the ban, played, ends it, and the page says so.
	open(t, ctx, srv.url("modes/ban-1d-12/"))
	if s := shownGame(t, ctx); s.Over || len(s.SAN) != 0 {
		t.Fatalf("1×12: the page opens on %+v, want the start", s)
	}
	if !eval[bool](t, ctx, `(() => { const s = document.querySelector('.story-first'), b = document.getElementById('board'); return !!s && s.getBoundingClientRect().top < b.getBoundingClientRect().top && s.textContent.indexOf('stalemate') >= 0; })()`) {
		t.Error("1×12: the story of the stalemate does not come before the board")
	}
	if op := eval[string](t, ctx, `document.getElementById('opponent').value`); op != "human" {
		t.Errorf("1×12: opponent %q, want both sides on the device (human)", op)
	}
	only := eval[string](t, ctx, firstMoveJS)
	if len(only) != 4 {
		t.Fatalf("1×12: the board offers no ban (%q)", only)
	}
	clickMove(t, ctx, only[:2], only[2:])
	waitFor(t, ctx, `!!`+boardJS+`.over`, 10*time.Second)
	s = shownGame(t, ctx)
	if s.Status != "stalemate" || len(s.SAN) != 1 || !strings.HasPrefix(s.SAN[0], "b:") {
		t.Fatalf("1×12: want a stalemate by Black's first ban, got %+v", s)
	}
	banText := text("#moves .mv.ban")
	if !strings.HasPrefix(banText, "ban ") || strings.Contains(banText, s.SAN[0][2:]) {
		t.Errorf("1×12 move list writes the ban %s as %q, want \"ban\" and the move it forbids", s.SAN[0], banText)
	}
	if st, want := text("#status"), "Draw by stalemate: Black banned White's only move, "+strings.TrimPrefix(banText, "ban ")+"."; st != want {
		t.Errorf("1×12 status %q, want %q", st, want)
	}
}
