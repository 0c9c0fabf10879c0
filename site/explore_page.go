package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/explore"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/site/picture"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

// exploreSummary is an exploration without its nodes' details: what the
// explorer page says in HTML. With the nodes as page JSON it is what the
// cache keeps, so a rebuild does not load the tables again.
type exploreSummary struct {
	Scope, Layering   string
	Complete          bool
	Layers, Shown     int
	Edges, ScopeEdges int
	Stats             solver.Stats
	Subtree, Scoped   int
	Width, Height     int
	StartValue        byte
	StartDTM          int
	// LastDTM and LastPly are the distance to mate and the ply of the
	// last row shown.
	LastDTM, LastPly     int
	WinnerName, LoseName string
	// Race is set for a race to the far rank, where the distance is to
	// the win, not to a mate. Render sets it; the cache does not keep it.
	Race bool `json:"-"`
}

// exploreCached is an explorer page's cached data.
type exploreCached struct {
	Summary exploreSummary
	Nodes   json.RawMessage
}

// summarize describes e for its page.
func summarize(e *explore.Graph) exploreSummary {
	s := exploreSummary{
		Scope: e.Scope, Layering: e.Layering, Complete: e.Complete, Layers: e.Layers, Shown: len(e.Nodes),
		Edges: e.Edges, ScopeEdges: e.ScopeEdges, Stats: e.Stats, Subtree: e.Subtree, Scoped: e.Scoped,
		Width: e.Width, Height: e.Height,
	}
	start := e.Nodes[0]
	s.StartValue, s.StartDTM = start.Value, start.DTM
	s.WinnerName, s.LoseName = "White", "Black"
	if start.Value == 'B' {
		s.WinnerName, s.LoseName = "Black", "White"
	}
	s.LastDTM, s.LastPly = start.DTM, e.Layers-1
	for _, n := range e.Nodes {
		s.LastDTM = min(s.LastDTM, n.DTM)
	}
	return s
}

// exploreView is what an explorer page's template shows.
type exploreView struct {
	Mode  *modeView
	S     exploreSummary
	Board picture.BoardView
	Data  template.JS
}

// Explorable reports whether the mode has an explorer page: it was
// solved exactly.
func (mv *modeView) Explorable() bool {
	return mv.V != nil && mv.V.Method == solver.Exact && mv.A != nil && len(mv.A.Table) > 0
}

// Explorers lists the modes with an explorer page, in the order of the
// home page's categories.
func (p *page) Explorers() []*modeView {
	var out []*modeView
	for _, c := range p.Categories {
		for _, mv := range c.Modes {
			if mv.Explorable() {
				out = append(out, mv)
			}
		}
	}
	return out
}

// exploreKey is the cache key of a mode's explorer data: the start
// position and rules, the table, the limits and the program that lays it
// out. The table alone is not enough: it holds no positions, and two
// starts in one strongly connected graph have the same table.
func exploreKey(mv *modeView, opt explore.Options) string {
	return verify.Key("explore", verify.BinaryHash(), mv.Start.FEN(), fmt.Sprintf("%+v", *mv.Rules), publish.Hash(mv.A.Table), fmt.Sprintf("%+v", opt))
}

// explore returns the explorer data of an exactly solved mode, from the
// cache when it can, else from its table (loading it again when the
// verification came from the cache).
func (r *renderer) explore(mv *modeView) (*exploreCached, error) {
	key := exploreKey(mv, explore.DefaultOptions)
	if data, ok := r.opt.Cache.Get("explore", key); ok {
		var c exploreCached
		if json.Unmarshal(data, &c) == nil && len(c.Nodes) > 0 {
			return &c, nil
		}
	}
	t := mv.A.Solved
	if t == nil {
		var err error
		if t, err = solver.UnmarshalTable(mv.A.Table, mv.Start); err != nil {
			return nil, fmt.Errorf("render %s: explorer: %v", mv.Path, err)
		}
	}
	e := explore.Layout(t, explore.DefaultOptions)
	nodes, err := json.Marshal(e.Nodes)
	if err != nil {
		return nil, fmt.Errorf("render %s: explorer: %v", mv.Path, err)
	}
	c := &exploreCached{Summary: summarize(e), Nodes: nodes}
	if data, err := json.Marshal(c); err == nil {
		r.opt.Cache.Put("explore", key, data)
	}
	return c, nil
}

// exploreWords are the words of the explorer page, from the engine's
// and the solver's types.
func exploreWords() (sides, ends map[string]string) {
	sides = map[string]string{engine.White.String(): engine.White.Title(), engine.Black.String(): engine.Black.Title()}
	ends = map[string]string{}
	for t := solver.Mate; t <= solver.Race; t++ {
		ends[t.String()] = t.Reason()
	}
	return sides, ends
}

// renderExplore writes explore/<id>/index.html for every exactly solved
// mode, laying the graphs out in parallel.
func (r *renderer) renderExplore() error {
	var modes []*modeView
	for _, mv := range r.modes {
		if mv.Explorable() {
			modes = append(modes, mv)
		}
	}
	return par.Try(len(modes), func(i int) error {
		c, err := r.explore(modes[i])
		if err != nil {
			return err
		}
		return r.renderExplorePage(modes[i], c)
	})
}

// renderExplorePage writes one explorer page.
func (r *renderer) renderExplorePage(mv *modeView, c *exploreCached) error {
	p := r.newPage("explore", "explore/"+mv.ID+"/index.html", "State graph: "+mv.Title)
	p.Description = fmt.Sprintf("The state graph of %s, solved exactly: %s states, every one coloured by its value.", mv.Title, thousands(c.Summary.Stats.States))
	d := wire.Explore{
		ID: mv.ID, Title: mv.Title, Play: p.Root + "modes/" + mv.ID + "/", W: mv.W, H: mv.H,
		Scope: c.Summary.Scope, Layering: c.Summary.Layering, Width: c.Summary.Width, Height: c.Summary.Height, Nodes: c.Nodes,
		Race: mv.Rules.Goal == engine.GoalRace,
	}
	d.Sides, d.Ends = exploreWords()
	// The nodes are cached JSON from json.Marshal (so HTML-safe): splice
	// them in rather than have Marshal validate and copy them again.
	d.Nodes = nil
	head, err := json.Marshal(d)
	if err != nil || !bytes.HasSuffix(head, []byte(`"nodes":null}`)) {
		return fmt.Errorf("render %s: explorer: %v", mv.Path, err)
	}
	head = append(head[:len(head)-len("null}")], c.Nodes...)
	data := template.JS(append(head, '}'))
	sum := c.Summary
	sum.Race = d.Race
	p.Mode = mv
	p.Explore = &exploreView{Mode: mv, S: sum, Board: mv.Board, Data: data}
	return r.execute(p, "explore.html")
}

// What says precisely which states and moves the page draws.
func (s exploreSummary) What() string {
	var b strings.Builder
	switch s.Scope {
	case explore.ScopeAll:
		fmt.Fprintf(&b, "The whole reachable graph: all %s states and all %s moves between them, in rows by distance in plies from the start (the row where a breadth-first search from the start first meets a state).",
			thousands(s.Stats.States), thousands(s.Stats.Edges))
		if s.Subtree > 0 {
			fmt.Fprintf(&b, " The %s states of %s's winning subtree (%s's fastest %ss against every defence) are ringed, and its moves drawn bold.", thousands(s.Subtree), s.WinnerName, s.WinnerName, s.goal())
		}
	case explore.ScopeWin:
		fmt.Fprintf(&b, "The winning subtree from the start: the states reached when %s plays only optimal moves (the fastest %s) and %s tries every reply, in rows by distance to the %s, from the start (%d plies) down to ",
			s.WinnerName, s.goal(), s.LoseName, s.goal(), s.StartDTM)
		if s.Complete {
			fmt.Fprintf(&b, "the %ss: all %s of its states. ", s.goal(), thousands(s.Subtree))
		} else {
			fmt.Fprintf(&b, "distance %d, where the page stops to stay small: %s of its %s states. ", s.LastDTM, thousands(s.Shown), thousands(s.Subtree))
		}
		fmt.Fprintf(&b, "The whole graph, %s states, is too large to draw.", thousands(s.Stats.States))
	case explore.ScopeDraw:
		b.WriteString("The start is a draw, so this is the drawn core around it: the drawn states reached from the start while both sides keep the draw, in rows by distance in plies from the start")
		if s.Complete {
			fmt.Fprintf(&b, ": all %s of them.", thousands(s.Shown))
		} else {
			fmt.Fprintf(&b, ", up to %d plies, where the page stops to stay small: %s states.", s.LastPly, thousands(s.Shown))
		}
		fmt.Fprintf(&b, " Moves that give the game away lead out of the core; each state lists them with their values. The whole graph, %s states (%s drawn), is too large to draw.", thousands(s.Stats.States), thousands(s.Stats.Draws))
	}
	if s.Edges < s.ScopeEdges {
		fmt.Fprintf(&b, " Only %s of the %s moves between the states shown are drawn as lines (the first move reaching each state, then the others in order); every state still lists all its moves.", thousands(s.Edges), thousands(s.ScopeEdges))
	}
	return b.String()
}

// goal names what a win is: a mate, or a won race.
func (s exploreSummary) goal() string {
	if s.Race {
		return "win"
	}
	return "mate"
}

// StartText is the start's value in words.
func (s exploreSummary) StartText() string {
	switch s.StartValue {
	case 'W', 'B':
		if s.Race {
			return fmt.Sprintf("%s wins the race in %d plies", s.WinnerName, s.StartDTM)
		}
		return fmt.Sprintf("%s wins, mate in %d plies", s.WinnerName, s.StartDTM)
	}
	return "Draw"
}

// Races counts the states won by a race to the far rank.
func (s exploreSummary) Races() int { return s.Stats.Terminals[solver.Race] }

// Counts are the numbers the page lists, label and value.
func (s exploreSummary) Counts() [][2]string {
	st := s.Stats
	c := [][2]string{
		{"States", thousands(st.States)},
		{"Moves (edges)", thousands(st.Edges)},
		{"White wins", thousands(st.WhiteWins)},
		{"Black wins", thousands(st.BlackWins)},
		{"Draws", thousands(st.Draws)},
		{"Checkmates", thousands(st.Terminals[solver.Mate])},
		{"Stalemates", thousands(st.Terminals[solver.Stalemate])},
		{"Insufficient material", thousands(st.Terminals[solver.Insufficient])},
	}
	if n := st.Terminals[solver.Race]; n > 0 {
		c = append(c, [2]string{"Races won", thousands(n)})
	}
	if s.Subtree > 0 {
		c = append(c, [2]string{"Winning subtree", thousands(s.Subtree) + " states"})
	} else {
		c = append(c, [2]string{"Winning subtree", "none: the start is a draw"})
	}
	c = append(c, [2]string{"Shown here", thousands(s.Shown) + " states, " + thousands(s.Edges) + " lines"})
	return c
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(",")
		}
		b.WriteRune(c)
	}
	return b.String()
}
