module github.com/thinchess/thinchess

go 1.26

require pgregory.net/rapid v1.3.0 // indirect
