package main

import (
	"strconv"
	"strings"
)

// maxShards bounds `new site --shards`: GitHub Actions runs at most 256
// jobs of one matrix.
const maxShards = 256

// starterShardWorkflowFor is the starter's workflow for a site whose
// puzzles are proven on shards machines at once (new site --shards N),
// installing version of thinchess: docs/ci-shards.md shows it for 16.
func starterShardWorkflowFor(version string, shards int) string {
	list := make([]string, shards)
	for i := range list {
		list[i] = strconv.Itoa(i + 1)
	}
	return strings.NewReplacer("SHARDLIST", strings.Join(list, ", "), "NSHARDS", strconv.Itoa(shards)).
		Replace(withVersion(version, starterShardWorkflow))
}

// starterShardWorkflow is the sharded starter workflow: a matrix of
// NSHARDS verify jobs, each running check --shard K/NSHARDS (which reads
// only its share of each pack's lines), hands its results to the build
// job through artifacts.
const starterShardWorkflow = `# Builds this thinchess site and deploys it to GitHub Pages on every push
# to main, proving its puzzles on NSHARDS machines at once: each job of the
# verify matrix runs thinchess check --shard K/NSHARDS, which reads only
# its share of each pack's lines, and hands its results to the build job,
# which then proves nothing again. In the repository's Settings → Pages,
# set Source to "GitHub Actions". It installs INSTALLED;
# change the version here to upgrade. The solver's results are kept
# between runs, so an unchanged puzzle is proven once. To use more or
# fewer machines, change env.SHARDS and matrix.shard together.
# A check-only workflow (for a corpus larger than Pages publishes, about
# 600,000 puzzles) is the verify job alone.
name: pages
on:
  push:
    branches: [main]
  workflow_dispatch:
permissions:
  contents: read
  pages: write
  id-token: write
concurrency:
  group: pages
  cancel-in-progress: false
env:
  SHARDS: NSHARDS
  CACHE: .thinchess-cache
jobs:
  verify:
    runs-on: ubuntu-latest
    timeout-minutes: 30
    strategy:
      fail-fast: false
      matrix:
        shard: [SHARDLIST]
    steps:
      - uses: actions/checkout@v5
      - uses: actions/setup-go@v6
        with:
          go-version: "1.26"
      # The same binary in every job: cached results are keyed by its hash.
      - name: install thinchess
        run: go install -trimpath github.com/thinchess/thinchess/cmd/thinchess@VERSION
      - uses: actions/cache/restore@v4
        with:
          path: |
            ${{ env.CACHE }}/verify
            ${{ env.CACHE }}/bundles
          key: thinchess-${{ github.sha }}
          restore-keys: thinchess-
      - name: verify shard ${{ matrix.shard }} of ${{ env.SHARDS }}
        run: thinchess check --shard "${{ matrix.shard }}/$SHARDS" --cache-dir "$CACHE" --format github
      # A shard hands on its own results: the modes' files and its file
      # in each pack's bundle (bundles/PACK/shard-K-of-N).
      - uses: actions/upload-artifact@v4
        with:
          name: verify-${{ matrix.shard }}
          path: |
            ${{ env.CACHE }}
            !${{ env.CACHE }}/bundles/*/all
            !${{ env.CACHE }}/bundles/*/delta-*
          retention-days: 1
  build:
    needs: [verify]
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
        with:
          fetch-depth: 0 # the whole history: the feed dates modes and packs by their commits
      - uses: actions/setup-go@v6
        with:
          go-version: "1.26"
      - name: install thinchess
        run: go install -trimpath github.com/thinchess/thinchess/cmd/thinchess@VERSION
      - uses: actions/cache/restore@v4
        with:
          path: ${{ env.CACHE }}
          key: thinchess-${{ github.sha }}
          restore-keys: thinchess-
      - uses: actions/download-artifact@v4
        with:
          pattern: verify-*
          merge-multiple: true
          path: ${{ env.CACHE }}
      - id: pages
        uses: actions/configure-pages@v6
      - name: build the site from the shards' results
        run: thinchess build --out public --cache-dir "$CACHE" --base-url "${{ steps.pages.outputs.base_url }}/"
      # The build merges the shards' files into one bundle per pack.
      - uses: actions/cache/save@v4
        with:
          path: ${{ env.CACHE }}
          key: thinchess-${{ github.sha }}
      - uses: actions/upload-pages-artifact@v5
        with:
          path: public
  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v5
`
