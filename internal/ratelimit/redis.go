package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/go-redis/redis_rate/v10"
	"github.com/redis/go-redis/v9"
)

// Redis keeps buckets in Redis with go-redis/redis_rate (GCRA in a Lua
// script, on Redis's clock), for deployments that would rather not write a
// row per request to PostgreSQL.
type Redis struct {
	client  *redis.Client
	limiter *redis_rate.Limiter
}

// NewRedis connects to the Redis at rawURL (redis://host:6379/0).
func NewRedis(ctx context.Context, rawURL string) (*Redis, error) {
	opts, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("redis URL: %w", err)
	}
	client := redis.NewClient(opts)
	if err := client.Ping(ctx).Err(); err != nil {
		client.Close()
		return nil, fmt.Errorf("connecting to redis: %w", err)
	}
	return &Redis{client: client, limiter: redis_rate.NewLimiter(client)}, nil
}

// Take implements Store.
func (s *Redis) Take(ctx context.Context, key string, r Rate, cost int) (bool, time.Duration, error) {
	res, err := s.limiter.AllowN(ctx, "hiregraph:"+key, redis_rate.Limit{Rate: r.PerMinute, Burst: r.Burst, Period: time.Minute}, cost)
	if err != nil {
		return false, 0, fmt.Errorf("redis rate limit: %w", err)
	}
	return cost == 0 || res.Allowed > 0, res.ResetAfter, nil
}

// Close closes the connection pool.
func (s *Redis) Close() error { return s.client.Close() }
