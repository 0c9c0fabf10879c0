// Package par runs a function over many items on every core: the one
// helper the module uses for "do this to N things in parallel". Results
// keep the order of the items, so parallel output stays deterministic.
//
//	sizes := par.Map(files, func(f string) int { return len(render(f)) })
//	err := par.Try(len(modes), func(i int) error { return check(modes[i]) })
//
// Stream does the same to items that arrive one at a time and may be too
// many to hold (the rows of a large file), a bounded window ahead:
//
//	for pz := range par.Stream(rows, 128, convert) { write(pz) }
//
// Phase is for a loop of many short phases, each split between a fixed
// number of workers (the retrograde solver's, whose workers each own a
// range of keys): its goroutines stay between phases instead of being
// started for each.
//
//	for level := range levels {
//		par.Phase(workers, func(w int) { expand(level, w) })
//	}
//
// The engine imports nothing of the module, so it does not use par: its
// PerftParallel takes the loop from its caller (the CLI passes Each).
package par
