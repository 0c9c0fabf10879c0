package solver

import (
	"fmt"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// A certificate is a table written by MarshalBinary for a start too large
// to solve during a build: whoever reads it checks it rather than trusts
// it. VerifyCertificate enumerates the start's states again, reads their
// values and distances from the data and checks every one against its
// successors (Table.Verify), in time linear in the states and moves; a
// flipped value, a wrong distance, a truncated file or a table of
// another start is refused.

// Identity is what a certificate of start proves, as text: the solver
// version, the start's state (its FEN without the move counters) and a
// fingerprint of its board and rules. verify.CertificateKey hashes it
// into the name certificates are stored under, so a build finds the one
// a mode needs without trusting a file name a person chose.
func Identity(start *engine.Position) (string, error) {
	c, err := keyspace.NewCodec(start)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s\n%s\n%x\n", Version, StateKey(start), c.Fingerprint()), nil
}

// VerifyCertificate reads a certificate of start and verifies every
// entry. The error says what is wrong: not a table, another start or
// other rules, a truncated file, or the first state whose value or
// distance its successors contradict.
func VerifyCertificate(data []byte, start *engine.Position) (*Table, error) {
	t, err := UnmarshalTable(data, start)
	if err != nil {
		return nil, err
	}
	if err := t.Verify(); err != nil {
		return nil, fmt.Errorf("the certificate is wrong: %w", err)
	}
	return t, nil
}
