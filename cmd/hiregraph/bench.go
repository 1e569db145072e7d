//go:build bench

package main

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/alecthomas/kong"

	"github.com/hiregraph/hiregraph/internal/bench"
)

// The benchmark is compiled in only with -tags bench, so the server binary
// does not carry it: go run -tags bench ./cmd/hiregraph bench.
func init() {
	extraCommands = append(extraCommands, kong.DynamicCommand("bench",
		"Compare with a hand-written database/sql service at the SQL floor (built with -tags bench).", "", &benchCmd{}))
}

type benchCmd struct {
	DatabaseURL string        `name:"database-url" help:"An EMPTY database to seed, or one an earlier bench seeded with the same --candidates (reused: seed 1M once); default a temporary SQLite file; postgres://... for PostgreSQL."`
	Candidates  int           `name:"candidates" default:"100000" help:"Candidates to seed (1000000 for the large run)."`
	Duration    time.Duration `name:"duration" default:"5s" help:"Load time per endpoint, concurrency and server."`
	Concurrency []int         `name:"concurrency" default:"1,8,32" help:"Parallel clients: a comma-separated list, one run each."`
	MaxRequests int           `name:"max-requests" default:"200000" help:"At most this many requests per run."`
	Rounds      int           `name:"rounds" default:"5" help:"Turns each server gets within --duration, alternating (Hiregraph, floor, floor, Hiregraph, ...), so a machine busy in bursts slows both alike; 1 runs one server after the other. The profiled runs (--profile-dir) take one turn each."`
	Workloads   string        `name:"workloads" placeholder:"REGEXP" help:"Measure only the workloads whose names match this regular expression, case-insensitive (e.g. 'search|reports'); the reads beside writers run only when both theirs are picked."`
	ProfileDir  string        `name:"profile-dir" placeholder:"DIR" help:"Write CPU and allocation profiles of each server's run of each endpoint at the highest concurrency here (created if missing; the floor's end in -floor)."`
}

func (c *benchCmd) Run(a *app) error {
	if c.Rounds < 1 {
		return fmt.Errorf("--rounds: %d is not a positive number", c.Rounds)
	}
	for _, n := range c.Concurrency {
		if n < 1 {
			return fmt.Errorf("--concurrency: %v is not a list of positive numbers such as 1,8,32", c.Concurrency)
		}
	}
	var workloads *regexp.Regexp
	if c.Workloads != "" {
		var err error
		if workloads, err = regexp.Compile("(?i)" + c.Workloads); err != nil {
			return fmt.Errorf("--workloads: %w", err)
		}
	}
	if c.DatabaseURL == "" {
		dir, err := os.MkdirTemp("", "hiregraph-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		c.DatabaseURL = "sqlite://" + filepath.Join(dir, "bench.db")
	}
	if c.ProfileDir == "" {
		stopHeapSampling() // as serve does without --debug-addr
	}
	// Request logs would cost more than some requests; keep warnings only.
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	_, err := bench.Run(a.ctx, bench.Config{
		DatabaseURL: c.DatabaseURL, Candidates: c.Candidates, Duration: c.Duration,
		Concurrencies: c.Concurrency, MaxRequests: c.MaxRequests, Rounds: c.Rounds, ProfileDir: c.ProfileDir,
		Workloads: workloads,
	}, a.stdout)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}
