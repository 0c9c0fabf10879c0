package bridge

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/solver"
)

// The engine protocol declares each answer's shape in package wire
// (wire.Calls); the bridge builds the answers as ordered Obj values, to
// keep encoding/json out of the browser's engine. TestAnswersHaveTheirShapes
// holds every answer the bridge builds to its declared shape.

// shapeErrors lists where the JSON value v does not have the shape of
// typ: an object has exactly its struct's keys (an omitempty one may be
// missing), a pointer may be null, and strings, numbers and booleans are
// what their Go kinds say.
func shapeErrors(at string, v any, typ reflect.Type) []string {
	if typ.Kind() == reflect.Pointer {
		if v == nil {
			return nil
		}
		typ = typ.Elem()
	}
	bad := func() []string { return []string{fmt.Sprintf("%s: %s %v, want a %s", at, kindOf(v), v, typ)} }
	switch typ.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return bad()
		}
		return structErrors(at, obj, typ)
	case reflect.Slice:
		xs, ok := v.([]any)
		if !ok {
			return bad()
		}
		var errs []string
		for i, x := range xs {
			errs = append(errs, shapeErrors(fmt.Sprintf("%s[%d]", at, i), x, typ.Elem())...)
		}
		return errs
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return bad()
		}
		var errs []string
		for k, x := range obj {
			errs = append(errs, shapeErrors(at+"."+k, x, typ.Elem())...)
		}
		return errs
	case reflect.String:
		if _, ok := v.(string); !ok {
			return bad()
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return bad()
		}
	case reflect.Int:
		if _, ok := v.(float64); !ok {
			return bad()
		}
	default:
		return []string{fmt.Sprintf("%s: no shape check for %s", at, typ)}
	}
	return nil
}

// structErrors checks an object against a struct's JSON fields.
func structErrors(at string, obj map[string]any, typ reflect.Type) []string {
	var errs []string
	seen := map[string]bool{}
	for f := range typ.Fields() {
		key, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		seen[key] = true
		x, ok := obj[key]
		if !ok {
			if !strings.Contains(opts, "omitempty") {
				errs = append(errs, fmt.Sprintf("%s: no key %q", at, key))
			}
			continue
		}
		errs = append(errs, shapeErrors(at+"."+key, x, f.Type)...)
	}
	for k := range obj {
		if !seen[k] {
			errs = append(errs, fmt.Sprintf("%s: key %q, which %s does not declare", at, k, typ))
		}
	}
	return errs
}

func kindOf(v any) string {
	if v == nil {
		return "null"
	}
	return reflect.TypeOf(v).String()
}

// hasShape fails unless the bridge's answer v, as JSON, has the shape
// of the wire type T.
func hasShape[T any](t *testing.T, what string, v any) {
	t.Helper()
	var decoded any
	if err := json.Unmarshal([]byte(JSON(v)), &decoded); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	for _, e := range shapeErrors(what, decoded, reflect.TypeFor[T]()) {
		t.Error(e)
	}
}

// must returns a function returning v in a test, failing it on err:
// must(Load(…))(t).
func must[V any](v V, err error) func(*testing.T) V {
	return func(t *testing.T) V {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestAnswersHaveTheirShapes(t *testing.T) {
	s := must(Load("1d", nil, gardner1d))(t)
	hasShape[wire.SessionState](t, "state", s.State())
	hasShape[wire.SessionState](t, "play", must(s.Play("Na4"))(t))
	hasShape[wire.SessionState](t, "move", must(s.Move("a6", "a4", ""))(t))
	hasShape[wire.SessionState](t, "undo", must(s.Undo())(t))
	hasShape[wire.SessionState](t, "goto", s.Goto(0))
	hasShape[wire.SessionState](t, "reset", s.Reset())
	hasShape[wire.PGNText](t, "pgn", s.PGN(map[string]string{"Event": "x"}))
	hasShape[[]wire.BoardMove](t, "line", must(s.Line("1. Na4 Ra4"))(t))
	hasShape[wire.BoardMove](t, "resolve", must(s.Resolve("Na4", true))(t))
	hasShape[wire.ParsedPosition](t, "parse", must(Parse("1d", nil, gardner1d))(t))
	hasShape[wire.Judgement](t, "judge", must(s.Judge("Na4"))(t))

	start, _ := engine.Parse(gardner1d, nil)
	tab := must(solver.Solve(start, solver.Options{}))(t)
	hasShape[wire.TableSize](t, "loadTable", must(s.LoadTable(must(tab.MarshalBinary())(t)))(t))
	hasShape[wire.BoardMove](t, "choose", must(s.Choose("perfect", 1))(t))
	hasShape[wire.Judgement](t, "judge", must(s.Judge("Na4"))(t))
	hasShape[wire.Analysis](t, "analyse", must(s.Analyse(0))(t).Obj())
	hasShape[wire.Reply](t, "reply", must(s.Reply("perfect", 0, 1))(t))
	hasShape[wire.SessionState](t, "state after a reply", s.State())
	hasShape[wire.Analysis](t, "solve", must(Solve("1d", nil, gardner1d, 0, 0, nil))(t).Obj())

	bans := must(Load("1d", Rules{"bans": true}, gardner1d))(t)
	hasShape[wire.SessionState](t, "state under bans", bans.State())
	hasShape[wire.Reply](t, "reply under bans", must(bans.Reply("random", 0, 1))(t))
	hasShape[wire.SessionState](t, "state under a ban", bans.State())

	chess := must(Load("chess", nil, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))(t)
	var reports []Obj
	live := Live{Stop: func() bool { return len(reports) >= 2 }, Progress: func(o Obj) { reports = append(reports, o) }}
	hasShape[wire.Reply](t, "reply of a search", must(chess.ReplyLive("perfect", 5*time.Second, 1, live))(t))
	if len(reports) == 0 {
		t.Fatal("no progress reported")
	}
	for _, r := range reports {
		hasShape[wire.SearchProgress](t, "progress", r)
	}
}

// TestShapeErrors checks that the shape check finds what differs.
func TestShapeErrors(t *testing.T) {
	var v any
	if err := json.Unmarshal([]byte(`{"from":"a1","to":2,"promo":"","coord":"a1a2","extra":true,"ban":"no"}`), &v); err != nil {
		t.Fatal(err)
	}
	got := shapeErrors("m", v, reflect.TypeFor[wire.BoardMove]())
	slices.Sort(got)
	want := []string{
		`m.ban: string no, want a bool`,
		`m.to: float64 2, want a string`,
		`m: key "extra", which wire.BoardMove does not declare`,
		`m: no key "san"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
