module github.com/thinchess/thinchess/bench

go 1.26.0

require (
	github.com/corentings/chess/v2 v2.3.2
	github.com/thinchess/thinchess v0.0.0
)

require golang.org/x/exp v0.0.0-20250128182459-e0ece0dbea4c // indirect

replace github.com/thinchess/thinchess => ../
