package keyspace

import "testing"

// TestKeyMix checks that both key mixes are bijections that unmix
// recovers, and that small keys leave the low 16 bits free.
func TestKeyMix(t *testing.T) {
	x := uint64(0x9e3779b97f4a7c15)
	for i := range 100_000 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		for _, km := range []Mix{{Small: false}, {Small: true}} {
			k := x
			if km.Small {
				k &= mask48
			}
			h := km.Mix(k)
			if km.Unmix(h) != k || km.Small && h&0xffff != 0 {
				t.Fatalf("%d: small %v: %#x mixes to %#x, which unmixes to %#x", i, km.Small, k, h, km.Unmix(h))
			}
		}
	}
	for _, km := range []Mix{{Small: false}, {Small: true}} {
		if km.Mix(0) != 0 || km.Mix(1) == km.Mix(2) {
			t.Errorf("small %v: mix(0) = %#x, mix(1) = %#x, mix(2) = %#x", km.Small, km.Mix(0), km.Mix(1), km.Mix(2))
		}
	}
}
