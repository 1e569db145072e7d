package server

import (
	"context"
	"log/slog"
	"time"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/idempotency"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/recruiting"
)

// DefaultSweepInterval is how often serve deletes expired idempotency keys
// and full rate-limit buckets.
const DefaultSweepInterval = 10 * time.Minute

// SweepPeriodically deletes expired idempotency keys, and the full buckets
// of a shared rate-limit store, every interval until ctx ends. Every
// replica runs it: the deletes are idempotent, so replicas sweeping at once
// only repeat each other's work, and none has to be elected.
func SweepPeriodically(ctx context.Context, db *database.DB, store ratelimit.Store, interval time.Duration) {
	every(ctx, interval, func() { sweep(ctx, db, store) })
}

// every runs fn every interval until ctx ends.
func every(ctx context.Context, interval time.Duration, fn func()) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}

func sweep(ctx context.Context, db *database.DB, store ratelimit.Store) {
	keys, err := idempotency.Sweep(ctx, db.Client, time.Now())
	if err != nil && ctx.Err() == nil {
		slog.Warn("sweeping", "error", err)
	}
	var buckets int64
	if s, ok := store.(*ratelimit.SQL); ok {
		if buckets, err = s.Sweep(ctx); err != nil && ctx.Err() == nil {
			slog.Warn("sweeping", "error", err)
		}
	}
	if keys > 0 || buckets > 0 {
		slog.Info("swept", "idempotency_keys", keys, "rate_limit_buckets", buckets)
	}
}

// DefaultFileSweepInterval is how often serve deletes stored files no row
// names (recruiting.SweepFiles). Hourly: it lists the whole store, and an
// orphan must be an hour old before it goes anyway.
const DefaultFileSweepInterval = time.Hour

// SweepFilesPeriodically runs recruiting.SweepFiles every interval until
// ctx ends. Every replica runs it, as SweepPeriodically: deleting a file
// twice is no error.
func SweepFilesPeriodically(ctx context.Context, db *database.DB, files *filestore.Store, interval time.Duration) {
	every(ctx, interval, func() {
		n, err := recruiting.SweepFiles(ctx, db.Client, files, time.Now())
		if err != nil && ctx.Err() == nil {
			slog.Warn("sweeping stored files", "error", err)
		}
		if n > 0 {
			slog.Info("swept", "stored_files_without_row", n)
		}
	})
}

// IndexForSearch indexes, once, the candidates that have no search
// document: those recorded before the index existed, or written around
// the service. Writes index as they go; this catches up what came before.
func IndexForSearch(ctx context.Context, db *database.DB) {
	service := recruiting.New(recruiting.Dependencies{Client: db.Client, Dialect: db.Dialect})
	n, err := service.IndexAllForSearch(ctx)
	if err != nil && ctx.Err() == nil {
		slog.Warn("indexing candidates for search", "error", err)
	}
	if n > 0 {
		slog.Info("indexed for search", "candidates", n)
	}
}
