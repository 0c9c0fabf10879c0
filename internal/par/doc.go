// Package par runs a function over many items on every core: the one
// helper the build uses for "do this to N things in parallel". Results
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
// Hot loops with their own division of work (the retrograde solver,
// whose workers each own a range of keys) keep their own pools.
package par
