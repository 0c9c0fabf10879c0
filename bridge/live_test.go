package bridge

import (
	"strings"
	"testing"
	"time"
)

// A reply and an analysis watched by Live report every iteration of the
// search (depth, score, best move and line in SAN) and, stopped after
// the third report, answer with the best move of the last one: the
// reply plays it, the analysis shows it and says it was stopped.
func TestLiveProgressAndStop(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, call := range []string{"reply", "analyse"} {
		t.Run(call, func(t *testing.T) {
			s, err := Load("chess", nil, start)
			if err != nil {
				t.Fatal(err)
			}
			var reports []map[string]any
			live := Live{
				Stop:     func() bool { return len(reports) >= 3 },
				Progress: func(o Obj) { reports = append(reports, decode(t, o)) },
			}
			var best string
			if call == "reply" {
				r, err := s.ReplyLive("perfect", 30*time.Second, 1, live)
				if err != nil {
					t.Fatal(err)
				}
				best = decode(t, r)["move"].(map[string]any)["san"].(string)
			} else {
				a, err := s.AnalyseLive(30*time.Second, live)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(a.MethodText, "stopped at depth 3") {
					t.Errorf("method %q, want it to say the search was stopped at depth 3", a.MethodText)
				}
				best = decode(t, a.BestMoves[0])["san"].(string)
			}
			if len(reports) != 3 {
				t.Fatalf("%d reports after a stop at the third", len(reports))
			}
			for i, r := range reports {
				pv, _ := r["pv"].([]any)
				if r["depth"] != float64(i+1) || len(pv) == 0 || r["best"].(map[string]any)["san"] != pv[0] || r["pvText"] == "" {
					t.Errorf("report %d: %v", i, r)
				}
			}
			if last := reports[2]["best"].(map[string]any)["san"]; best != last {
				t.Errorf("%s answered %s, the last report's best move is %s", call, best, last)
			}
		})
	}
}
