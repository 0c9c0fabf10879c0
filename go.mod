module github.com/thinchess/thinchess

go 1.26
