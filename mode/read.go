package mode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/thinchess/thinchess/internal/bounded"
)

// readSource reads the file p (rel in the source folder) of a site, at
// most MaxFileBytes (what names the kind of file: "a mode file, page or
// pack header"); on an error it reports it at rel and returns false.
// A file that is not a regular file (a named pipe, a device, a socket,
// even behind a symbolic link) is refused before it is opened.
func readSource(p, rel, what string, errs *ErrorList) ([]byte, bool) {
	data, err := bounded.ReadFile(p, MaxFileBytes)
	if err != nil {
		errs.Add(rel, 0, 0, "%s", sourceError(err, what, MaxFileBytes))
		return nil, false
	}
	return data, true
}

// sourceError words an error of reading a source file for its author,
// without the file's name (the error's place names it).
func sourceError(err error, what string, limit int64) string {
	var tl *bounded.TooLargeError
	if errors.As(err, &tl) {
		return fmt.Sprintf("the file is %s: %s may be at most %d (%s)", tl.SizeText(), what, limit, byteUnits(limit))
	}
	return bounded.Reason(err)
}

// byteUnits writes a power-of-two size as people say it: "1 MiB".
func byteUnits(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// A lineReader reads a pack's data file one line at a time, keeping at
// most MaxLineBytes of a line: a longer line is skipped to its end and
// only its length kept, so a file without line ends cannot grow memory.
type lineReader struct {
	r *bufio.Reader
	n int // lines read
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, MaxLineBytes+2)} // the line and "\r\n"
}

// next returns the next line without its line end, or, when it is longer
// than MaxLineBytes, nil and its length; io.EOF after the last line. A
// byte order mark at the start of the first line is not part of it.
func (lr *lineReader) next() (line []byte, long int, err error) {
	chunk, err := lr.r.ReadSlice('\n')
	if len(chunk) == 0 && err == io.EOF {
		return nil, 0, io.EOF
	}
	lr.n++
	if lr.n == 1 {
		chunk = bytes.TrimPrefix(chunk, []byte("\ufeff"))
	}
	if err == bufio.ErrBufferFull {
		n := len(chunk)
		for err == bufio.ErrBufferFull {
			chunk, err = lr.r.ReadSlice('\n')
			n += len(chunk)
		}
		if err != nil && err != io.EOF {
			return nil, 0, err
		}
		return nil, n - len(chunk) + len(bytes.TrimRight(chunk, "\r\n")), nil
	}
	if err != nil && err != io.EOF {
		return nil, 0, err
	}
	line = bytes.TrimRight(chunk, "\r\n")
	if len(line) > MaxLineBytes {
		return nil, len(line), nil
	}
	return bytes.Clone(line), 0, nil
}
