package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/hiregraph/hiregraph/bench"
)

func benchCmd(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	dbURL := fs.String("database-url", "", "an EMPTY database to seed (default: a temporary SQLite file); postgres://… for PostgreSQL")
	candidates := fs.Int("candidates", 100_000, "candidates to seed (1000000 for the large run)")
	duration := fs.Duration("duration", 10*time.Second, "load time per endpoint and server")
	concurrency := fs.Int("concurrency", 8, "parallel clients")
	maxRequests := fs.Int("max-requests", 200_000, "at most this many requests per endpoint and server")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dbURL == "" {
		dir, err := os.MkdirTemp("", "hiregraph-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		*dbURL = "sqlite://" + filepath.Join(dir, "bench.db")
	}
	// Request logs would cost more than some requests; keep warnings only.
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	_, err := bench.Run(ctx, bench.Config{
		DatabaseURL: *dbURL, Candidates: *candidates, Duration: *duration,
		Concurrency: *concurrency, MaxRequests: *maxRequests,
	}, stdout)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}
