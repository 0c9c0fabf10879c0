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
