package site

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// The feed dates each mode and pack by its files' history in git, the
// one record of when a file was published that every checkout of the
// same commit shares, so the feed stays reproducible: a file was
// published when it was first committed and changed when it was last
// committed, by author time (which a rebase keeps). A file git does not
// know (no repository, no git, not committed yet) takes the time in
// SOURCE_DATE_EPOCH, the reproducible-builds convention, when it is set,
// and is otherwise left out of the feed. A shallow clone (CI's default
// checkout) knows only its last commit: fetch the whole history for
// true dates.

// gitDates returns the dates of the files under modes/ and packs/ of
// src, by slash path relative to src, from one `git log`; nil when src
// is not in a git work tree or git is missing.
func gitDates(src string) map[string]SourceDate {
	cmd := exec.Command("git", "-C", src, "-c", "log.showSignature=false", "log",
		"--format=%x00%at", "--name-only", "--relative", "--no-renames", "--", "modes", "packs")
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	return parseGitLog(out)
}

// parseGitLog reads the output of gitDates's git log: commits newest
// first, each "\x00<unix seconds>" and then the files it touched.
func parseGitLog(out []byte) map[string]SourceDate {
	dates := map[string]SourceDate{}
	var at time.Time
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "\x00"); ok {
			sec, err := strconv.ParseInt(rest, 10, 64)
			if err != nil {
				return nil
			}
			at = time.Unix(sec, 0).UTC()
			continue
		}
		if line == "" || at.IsZero() {
			continue
		}
		d, seen := dates[line]
		if !seen {
			d.Updated = at
		}
		d.Published = at
		dates[line] = d
	}
	return dates
}

// sourceDateEpoch reads SOURCE_DATE_EPOCH: zero when it is empty, an
// error when it is not a whole number of seconds.
func sourceDateEpoch(v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	sec, err := strconv.ParseInt(v, 10, 64)
	if err != nil || sec < 0 {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: want a whole number of seconds since 1970-01-01 UTC", v)
	}
	return time.Unix(sec, 0).UTC(), nil
}
