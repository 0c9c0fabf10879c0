package mode

import (
	"bytes"
	"errors"
	"fmt"

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

// trimBOM drops a UTF-8 byte order mark from the start of a file's
// first line: it is not part of the line (its columns count from after
// it).
func trimBOM(line []byte) []byte {
	return bytes.TrimPrefix(line, []byte("\ufeff"))
}
