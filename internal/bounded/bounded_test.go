package bounded

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zeros is an endless reader, as /dev/zero is.
type zeros struct{ read int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read += int64(len(p))
	return len(p), nil
}

// TestReadStopsAtLimit checks that a reader that never ends is read only
// to just past the limit.
func TestReadStopsAtLimit(t *testing.T) {
	z := &zeros{}
	_, err := Read(z, "endless", 0, 1000)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 1000 || !strings.Contains(err.Error(), "endless is more than 1000 bytes") {
		t.Fatalf("Read of an endless reader: %v", err)
	}
	if z.read > 1001 {
		t.Errorf("read %d bytes of an endless reader with a limit of 1000", z.read)
	}
	data, err := Read(strings.NewReader(strings.Repeat("x", 1000)), "full", 1000, 1000)
	if err != nil || len(data) != 1000 {
		t.Errorf("Read of exactly the limit: %d bytes, %v", len(data), err)
	}
}

// TestReadFileRefusesOtherKinds checks that a named pipe (which would
// block), a device behind a symbolic link (which never ends) and a folder
// are refused before they are read, and that a file over the limit is
// refused by its size.
func TestReadFileRefusesOtherKinds(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "zero.md")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Skip(err)
	}
	cases := []struct{ name, want string }{
		{link, "is a character device (a link to /dev/zero), not a regular file"},
		{dir, "is a folder, not a regular file"},
	}
	if fifo := makeFIFO(t, dir); fifo != "" {
		cases = append(cases, struct{ name, want string }{fifo, "is a named pipe (FIFO), not a regular file"})
	}
	for _, c := range cases {
		_, err := ReadFile(c.name, 1<<20)
		var ke *KindError
		if !errors.As(err, &ke) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadFile(%s): %v, want %q", c.name, err, c.want)
		}
	}
	big := filepath.Join(dir, "big.md")
	os.WriteFile(big, make([]byte, 2000), 0o644)
	_, err := ReadFile(big, 1000)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 2000 || !strings.Contains(err.Error(), "is 2000 bytes: at most 1000 are read") {
		t.Errorf("ReadFile of 2000 bytes with a limit of 1000: %v", err)
	}
	if data, err := ReadFile(big, 2000); err != nil || len(data) != 2000 {
		t.Errorf("ReadFile of 2000 bytes with a limit of 2000: %d bytes, %v", len(data), err)
	}
}
