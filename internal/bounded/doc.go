// Package bounded reads the files a site is made of (modes, pages, pack
// headers and puzzles, site.yaml, certificates) by what they hold, not by
// what the file system says of them: a file is read through a limit, so
// that a symbolic link to /dev/zero or a file that grows while it is read
// stops at the limit, and anything but a regular file (a named pipe, a
// device, a socket) is refused before it is opened, so that a FIFO never
// blocks a build.
//
//	data, err := bounded.ReadFile("site.yaml", 1<<20)
//	var tl *bounded.TooLargeError
//	if errors.As(err, &tl) { ... } // more than 1 MiB
package bounded
