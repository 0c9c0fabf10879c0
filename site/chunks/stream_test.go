package chunks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/verify"
)

// packSrc writes a site whose one pack holds n puzzles in an order that
// is neither their ratings' nor their ids', behind a byte order mark,
// with CRLF line ends and blank lines: what the offsets of a stream must
// get right. It returns the source folder and its loaded pack.
func packSrc(t *testing.T, n int) (string, *mode.Pack) {
	t.Helper()
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS("../testdata/render/src")); err != nil {
		t.Fatal(err)
	}
	starts := []string{
		`"start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Ra8#"`,
		`"start":"3r3k/6pp/8/8/8/8/4RPPP/4R1K1 w - - 5 28","result":"white-wins","mate_in":2,"solution":"28. Re8+ Rxe8 29. Rxe8#"`,
	}
	var b strings.Builder
	b.WriteString("\ufeff")
	for i := range n {
		fmt.Fprintf(&b, `{"id":"s%04d",%s,"rating":%d}`+"\r\n", (i*389)%n, starts[i%len(starts)], 600+(i*37)%400)
		if i%50 == 0 {
			b.WriteString("\n   \n")
		}
	}
	if err := os.WriteFile(filepath.Join(src, "packs", "test-mates.jsonl"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s, errs := mode.LoadStream(src)
	if len(errs.Errors()) > 0 || len(s.Packs) != 1 {
		t.Fatalf("loading the pack: %v (%d packs)", errs, len(s.Packs))
	}
	return src, s.Packs[0]
}

// streamPack keeps every puzzle of p in a new stream, each with a
// verification of its own (its key, a note naming it, verified but for
// every fifth) and, for every third, one of two play tables: what Read
// must give back. It returns the stream, finished, and the
// verifications by id.
func streamPack(t *testing.T, src string, p *mode.Pack) (*Stream, map[string]*verify.Verification) {
	t.Helper()
	s, err := NewStream(src, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	keep := s.Keep(p)
	tables := []*verify.Artifacts{{Play: []byte("table one")}, {Play: []byte("table two")}}
	kept := map[string]*verify.Verification{}
	var errs mode.Bounded
	_, err = p.ReadPuzzles(src, mode.ReadOptions{Errs: &errs}, func(batch []*mode.Mode) mode.ErrorList {
		for _, m := range batch {
			n := len(kept)
			v := &verify.Verification{Verified: n%5 != 0, Note: "about " + m.ID, MateIn: n % 4, Key: verify.Key(m.ID)}
			var a *verify.Artifacts
			if n%3 == 0 {
				a = tables[n%2]
			}
			kept[m.ID] = v
			keep(m, v, a, nil)
		}
		return nil
	})
	if err != nil || len(errs.List()) > 0 {
		t.Fatal(err, errs.List())
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	return s, kept
}

// A stream keeps a record of each puzzle and reads each back, in any
// order, from its line with its verification and play table.
func TestStreamReadsBack(t *testing.T) {
	src, p := packSrc(t, 620)
	s, kept := streamPack(t, src, p)
	sp := s.Pack(p)
	if sp == nil || len(sp.Records) != 620 {
		t.Fatalf("streamed %v", sp)
	}
	if sp.First == nil || sp.First.ID != "s0000" || sp.FirstV != kept["s0000"] || sp.FirstTable != TablePath([]byte("table one")) {
		t.Errorf("first puzzle %v, table %q", sp.First, sp.FirstTable)
	}
	if len(s.Tables()) != 2 || string(s.Tables()[TablePath([]byte("table two"))]) != "table two" {
		t.Errorf("tables %v", s.Tables())
	}
	recs := append([]Record(nil), sp.Records...)
	Sort(recs)
	for n := range Count(len(recs)) {
		part := Part(recs, n)
		puzzles, err := s.Read(p, part)
		if err != nil {
			t.Fatal(err)
		}
		for i, pz := range puzzles {
			want := kept[part[i].ID]
			if pz.Mode.ID != part[i].ID || pz.V.Note != want.Note || pz.V.Verified != want.Verified || pz.V.MateIn != want.MateIn || pz.V.Key != want.Key {
				t.Fatalf("chunk %d, %d: read %s with %+v, want %s with %+v", n, i, pz.Mode.ID, pz.V, part[i].ID, want)
			}
			if pz.Mode.Origin.Line != int(part[i].Line) {
				t.Fatalf("%s read from line %d, recorded at %d", pz.Mode.ID, pz.Mode.Origin.Line, part[i].Line)
			}
			if rating, _ := Rating(pz.Mode, pz.V); int32(rating) != part[i].Rating {
				t.Fatalf("%s: rating %d, recorded %d", pz.Mode.ID, rating, part[i].Rating)
			}
		}
	}
	if s.Pack(&mode.Pack{}) != nil || (*Stream)(nil).Pack(p) != nil {
		t.Errorf("a pack the stream did not read has a Streamed")
	}
}

// Each third puzzle kept, in file order, loads a table, alternately the
// first and the second: Read gives back the one it was kept with.
func TestStreamTables(t *testing.T) {
	src, p := packSrc(t, 30)
	s, _ := streamPack(t, src, p)
	recs := s.Pack(p).Records
	puzzles, err := s.Read(p, recs)
	if err != nil {
		t.Fatal(err)
	}
	for n, pz := range puzzles {
		want := ""
		if n%3 == 0 {
			want = TablePath([]byte([]string{"table one", "table two"}[n%2]))
		}
		if pz.Table != want {
			t.Errorf("puzzle %d (%s): table %q, want %q", n, pz.Mode.ID, pz.Table, want)
		}
	}
}

// A line that changed after it was streamed is an error, not another
// puzzle; Close removes the spill file.
func TestStreamLineChanged(t *testing.T) {
	src, p := packSrc(t, 10)
	dir := t.TempDir()
	s, err := NewStream(src, dir)
	if err != nil {
		t.Fatal(err)
	}
	keep := s.Keep(p)
	var errs mode.Bounded
	p.ReadPuzzles(src, mode.ReadOptions{Errs: &errs}, func(batch []*mode.Mode) mode.ErrorList {
		for _, m := range batch {
			keep(m, &verify.Verification{Verified: true}, nil, nil)
		}
		return nil
	})
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	recs := s.Pack(p).Records
	if _, err := s.Read(p, recs); err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	name := filepath.Join(src, filepath.FromSlash(p.DataPath))
	data, _ := os.ReadFile(name)
	if err := os.WriteFile(name, []byte(strings.Replace(string(data), `"id":"s0`, `"id":"x0`, -1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Read(p, recs); err == nil || !strings.Contains(err.Error(), "changed during the build") {
		t.Errorf("a changed line read back: %v", err)
	}
	s.Close()
	if _, err := os.Stat(filepath.Join(dir, SpillName)); !os.IsNotExist(err) {
		t.Errorf("the spill file is left: %v", err)
	}
}
