package uci

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/thinchess/thinchess/engine"
)

// Client drives another UCI engine as a process: an opponent in matches
// (thinchess match --opponent uci:COMMAND).
type Client struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	// MoveTime is the time the engine gets for each move.
	MoveTime time.Duration
}

// Dial starts the engine command (its program and arguments, split on
// spaces), waits for "uciok", sets the options (name to value; the
// variant with UCI_Variant when it is not chess) and waits for
// "readyok".
func Dial(command, variant string, options map[string]string, moveTime time.Duration) (*Client, error) {
	args := strings.Fields(command)
	if len(args) == 0 {
		return nil, fmt.Errorf("no engine command")
	}
	cmd := exec.Command(args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %v", command, err)
	}
	c := &Client{name: command, cmd: cmd, in: in, lines: make(chan string, 256), MoveTime: moveTime}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	c.send("uci")
	if _, err := c.until("uciok", 30*time.Second); err != nil {
		c.Close()
		return nil, err
	}
	if variant != "" && variant != "chess" {
		c.send("setoption name UCI_Variant value " + variant)
	}
	for name, value := range options {
		c.send("setoption name " + name + " value " + value)
	}
	c.send("isready")
	if _, err := c.until("readyok", 30*time.Second); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Move asks the engine for its move in the game that began at start and
// has gone through moves to p.
func (c *Client) Move(start *engine.Position, moves []engine.Move, p *engine.Position) (engine.Move, error) {
	var b strings.Builder
	b.WriteString("position fen " + start.FEN())
	if len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteString(" " + m.Coord(start.B))
		}
	}
	c.send(b.String())
	c.send(fmt.Sprintf("go movetime %d", max(c.MoveTime.Milliseconds(), 1)))
	line, err := c.until("bestmove", c.MoveTime*10+10*time.Second)
	if err != nil {
		return engine.NoMove, err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return engine.NoMove, fmt.Errorf("%s: %q has no move", c.name, line)
	}
	m, err := p.ParseCoord(f[1])
	if err != nil {
		return engine.NoMove, fmt.Errorf("%s: bestmove %s in %s: %v", c.name, f[1], p.FEN(), err)
	}
	return m, nil
}

// Close asks the engine to quit and waits for it.
func (c *Client) Close() error {
	c.send("quit")
	c.in.Close()
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		c.cmd.Process.Kill()
		return <-done
	}
}

func (c *Client) send(line string) { io.WriteString(c.in, line+"\n") }

// until returns the first line starting with prefix.
func (c *Client) until(prefix string, wait time.Duration) (string, error) {
	timeout := time.After(wait)
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return "", fmt.Errorf("%s ended before %q", c.name, prefix)
			}
			if strings.HasPrefix(line, prefix) {
				return line, nil
			}
		case <-timeout:
			return "", fmt.Errorf("%s: no %q within %v", c.name, prefix, wait)
		}
	}
}
