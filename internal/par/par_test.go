package par

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
)

func TestMapKeepsOrder(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		items := make([]int, n)
		for i := range items {
			items[i] = i
		}
		got := Map(items, func(x int) string { return fmt.Sprint(x * x) })
		want := make([]string, n)
		for i := range want {
			want[i] = fmt.Sprint(i * i)
		}
		if !slices.Equal(got, want) {
			t.Errorf("n=%d: got %v, want %v", n, got, want)
		}
	}
}

func TestEachCallsEveryIndexOnce(t *testing.T) {
	const n = 5000
	var calls [n]atomic.Int32
	Each(n, func(i int) { calls[i].Add(1) })
	for i := range calls {
		if c := calls[i].Load(); c != 1 {
			t.Fatalf("index %d called %d times", i, c)
		}
	}
}

func TestTryReturnsFirstErrorByIndex(t *testing.T) {
	err := Try(100, func(i int) error {
		if i%10 == 7 {
			return fmt.Errorf("item %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "item 7" {
		t.Errorf("got %v, want item 7", err)
	}
	if err := Try(10, func(int) error { return nil }); err != nil {
		t.Errorf("got %v, want nil", err)
	}
	if err := Try(0, func(int) error { return errors.New("never") }); err != nil {
		t.Errorf("n=0: got %v", err)
	}
}

func TestStreamKeepsOrder(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		items := func(yield func(int) bool) {
			for i := range n {
				if !yield(i) {
					return
				}
			}
		}
		var got []int
		for r := range Stream(items, 4, func(x int) int { return x * x }) {
			got = append(got, r)
		}
		if len(got) != n {
			t.Fatalf("n=%d: %d results", n, len(got))
		}
		for i, r := range got {
			if r != i*i {
				t.Fatalf("n=%d: result %d is %d", n, i, r)
			}
		}
	}
}

// TestStreamStops stops the loop early: reading stops within the window,
// and Stream returns only when its goroutines have.
func TestStreamStops(t *testing.T) {
	var read, computed atomic.Int64
	items := func(yield func(int) bool) {
		for i := 0; ; i++ {
			read.Add(1)
			if !yield(i) {
				return
			}
		}
	}
	n := 0
	for range Stream(items, 8, func(x int) int { computed.Add(1); return x }) {
		if n++; n == 100 {
			break
		}
	}
	r, c := read.Load(), computed.Load()
	if r > 100+8+64 || c > r {
		t.Errorf("read %d and computed %d items for 100 results", r, c)
	}
	if again := read.Load(); again != r {
		t.Errorf("reading went on after Stream returned: %d, then %d", r, again)
	}
}
