package engine

// Zobrist keys, fixed by a seeded generator so hashes are reproducible
// across runs and between the build and the browser.
var (
	keyPiece  [16][256]uint64
	keySide   uint64
	keyCastle [16]uint64
	keyEP     [MaxSide]uint64
	// Ban Chess: the ban phase, and a banned move as the XOR of a key
	// for its origin and one for its destination.
	keyBanPhase uint64
	keyBanFrom  [256]uint64
	keyBanTo    [256]uint64
)

func init() {
	s := uint64(0x7468696e63686573) // "thinches"
	next := func() uint64 {
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for p := range keyPiece {
		for sq := range keyPiece[p] {
			keyPiece[p][sq] = next()
		}
	}
	keySide = next()
	for i := range keyCastle {
		keyCastle[i] = next()
	}
	for i := range keyEP {
		keyEP[i] = next()
	}
	// Drawn last so the keys above stay what they always were.
	keyBanPhase = next()
	for i := range keyBanFrom {
		keyBanFrom[i] = next()
	}
	for i := range keyBanTo {
		keyBanTo[i] = next()
	}
}
