package bounded

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// A KindError is the error of a name that is not a regular file (after
// following symbolic links): what it is instead.
type KindError struct {
	Name string
	Kind string // "a named pipe (FIFO)", "a device", ...
	// Target is what Name links to, when it is a symbolic link.
	Target string
}

func (e *KindError) Error() string { return e.Name + " is " + e.Reason() }

// Reason says what is wrong without the name: "a named pipe (FIFO), not
// a regular file: ...".
func (e *KindError) Reason() string {
	kind := e.Kind
	if e.Target != "" {
		kind += " (a link to " + e.Target + ")"
	}
	return kind + ", not a regular file: only regular files are read (a pipe or device could block or never end)"
}

// A TooLargeError is the error of a file larger than its limit. Size is
// its size as far as it was read (at least Limit+1 when the file grew
// while it was read, or never ends).
type TooLargeError struct {
	Name        string
	Size, Limit int64
}

func (e *TooLargeError) Error() string { return e.Name + " is " + e.Reason() }

// Reason says what is wrong without the name.
func (e *TooLargeError) Reason() string {
	return fmt.Sprintf("%s: at most %d are read", e.SizeText(), e.Limit)
}

// Reason says what is wrong with a file that could not be read, for a
// message that names the file already: the reason of a *KindError or a
// *TooLargeError, the system's reason of an *fs.PathError ("no such file
// or directory"), else the error.
func Reason(err error) string {
	var ke *KindError
	var tl *TooLargeError
	var pe *fs.PathError
	switch {
	case errors.As(err, &ke):
		return ke.Reason()
	case errors.As(err, &tl):
		return tl.Reason()
	case errors.As(err, &pe):
		return pe.Err.Error()
	}
	return err.Error()
}

// SizeText says how large the file is: "2000000 bytes", or "more than
// 1048576 bytes" when reading stopped at the limit.
func (e *TooLargeError) SizeText() string {
	if e.Size > e.Limit+1 {
		return fmt.Sprintf("%d bytes", e.Size)
	}
	return fmt.Sprintf("more than %d bytes", e.Limit)
}

// Open opens name for reading when it is a regular file, following
// symbolic links; anything else is a *KindError, found before the file
// is opened (a named pipe would block the open) and checked again on
// the open file, which is opened without blocking where the system
// allows. The caller closes the file.
func Open(name string) (*os.File, fs.FileInfo, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, nil, err
	}
	if err := checkKind(name, fi); err != nil {
		if li, lerr := os.Lstat(name); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			err.(*KindError).Target, _ = filepath.EvalSymlinks(name)
		}
		return nil, nil, err
	}
	f, err := os.OpenFile(name, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	// The name may have changed between the look and the open.
	if fi, err = f.Stat(); err == nil {
		err = checkKind(name, fi)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// ReadFile reads the regular file name, which may hold at most limit
// bytes: a larger file is a *TooLargeError, whether its size says so or
// it grows past the limit while it is read.
func ReadFile(name string, limit int64) ([]byte, error) {
	f, fi, err := Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > limit {
		return nil, &TooLargeError{Name: name, Size: fi.Size(), Limit: limit}
	}
	return Read(f, name, fi.Size(), limit)
}

// Read reads r to its end through a limit of limit bytes: more is a
// *TooLargeError naming name. size is how many bytes to expect (0 when
// not known).
func Read(r io.Reader, name string, size, limit int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(size, limit)+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > limit {
		return nil, &TooLargeError{Name: name, Size: int64(buf.Len()), Limit: limit}
	}
	return buf.Bytes(), nil
}

// checkKind refuses what is not a regular file.
func checkKind(name string, fi fs.FileInfo) error {
	m := fi.Mode()
	if m.IsRegular() {
		return nil
	}
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a folder"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeCharDevice != 0:
		kind = "a character device"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	case m&fs.ModeIrregular != 0:
		kind = "an irregular file"
	}
	return &KindError{Name: name, Kind: kind}
}
