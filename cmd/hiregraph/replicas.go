package main

import (
	"context"
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/outbound"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/server"
)

// replicaFlags are serve's flags for running several processes on one
// database: migrations, where limits live, which proxies to believe.
type replicaFlags struct {
	Migrate        bool          `name:"migrate" env:"HIREGRAPH_MIGRATE" group:"Replicas" default:"true" negatable:"" help:"Apply missing database migrations on start; with --no-migrate (or =false), refuse a database that lacks some (run hiregraph migrate first)."`
	RedisURL       string        `name:"redis-url" env:"HIREGRAPH_REDIS_URL" group:"Replicas" placeholder:"URL" help:"Keep rate limits in this Redis (redis://127.0.0.1:6379/0) instead of the database (PostgreSQL) or memory (SQLite)."`
	TrustedProxies string        `name:"trusted-proxies" env:"HIREGRAPH_TRUSTED_PROXIES" group:"Replicas" placeholder:"CIDRS" help:"Comma-separated addresses or CIDRs of reverse proxies whose X-Forwarded-For names the client (default none)."`
	SweepInterval  time.Duration `name:"sweep-interval" env:"HIREGRAPH_SWEEP_INTERVAL" group:"Replicas" default:"${sweep_interval}" help:"How often expired idempotency keys and full rate-limit buckets are deleted."`
}

// databaseOptions: a serve that migrates creates a missing database (the
// first run); one that does not refuses it, as it would an old one.
func (f *replicaFlags) databaseOptions() []database.Option {
	if f.Migrate {
		return nil
	}
	return []database.Option{database.WithoutMigrating(), database.ExistingOnly()}
}

// apply puts the replica settings into the server's config.
func (f *replicaFlags) apply(ctx context.Context, db *database.DB, cfg *server.Config) error {
	nets, err := outbound.ParseNets(f.TrustedProxies)
	if err != nil {
		return fmt.Errorf("--trusted-proxies: %w", err)
	}
	cfg.TrustedProxies = nets
	if f.RedisURL == "" {
		cfg.RateLimitStore = server.DefaultRateLimitStore(db, nil)
		return nil
	}
	store, err := ratelimit.NewRedis(ctx, f.RedisURL)
	if err != nil {
		return fmt.Errorf("--redis-url: %w", err)
	}
	cfg.RateLimitStore = store
	return nil
}
