// Package chunks makes the trainer's data: every puzzle of a site (the
// authored ones and the packs') in content-hashed chunks of at most Size
// puzzles, grouped by pack and sorted by rating, and the id buckets that
// map a puzzle's id to its chunk (for permalinks).
//
// A build keeps of each puzzle a compact Record (about 90 bytes), not
// the puzzle: a group's records are sorted (Sort) and cut into chunks
// (Part), and only a chunk's puzzles are read back while it is made.
// A build that writes a folder streams its packs (Stream): it keeps each
// verified puzzle's record and play table, and its verification in a
// spill file, then reads a chunk's puzzles back from the pack's data file
// by offset (Stream.Read). Its memory does not grow with the packs (but
// by a record a puzzle).
//
// The site's renderer turns the puzzles into entries (wire.PuzzleEntry);
// Make writes a chunk of them with its entry in the index, Key names what
// a chunk is made from so that a warm build reads it from the cache
// (Cached, Save), and Buckets writes the id buckets.
package chunks
