package webhook

import (
	"context"
	"sync"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/webhookendpoint"
)

// EndpointCacheTTL bounds how long a process fans events out to a
// company's endpoints as it last read them. Changes made through the
// process clear its cache when they commit; another process's changes
// reach it within this time (README, Events and webhooks).
const EndpointCacheTTL = 5 * time.Second

// endpointCache keeps each company's active endpoints in process: every
// write of the company fans its event out to them, and they rarely change.
type endpointCache struct {
	mu sync.Mutex
	// gen counts invalidations: a read that began before one does not
	// store what it read, which may predate the change.
	gen       uint64
	byCompany map[string]cachedEndpoints
}

type cachedEndpoints struct {
	targets []target
	expires time.Time
}

// target is what fan-out needs of an endpoint.
type target struct {
	id         string
	eventTypes []string
}

// get answers the company's active endpoints, read through client (the
// writer's transaction) when the cache has none fresh.
func (c *endpointCache) get(ctx context.Context, client *ent.Client, companyID string) ([]target, error) {
	now := time.Now()
	c.mu.Lock()
	cached, ok := c.byCompany[companyID]
	gen := c.gen
	c.mu.Unlock()
	if ok && now.Before(cached.expires) {
		return cached.targets, nil
	}
	endpoints, err := client.WebhookEndpoint.Query().
		Where(webhookendpoint.CompanyID(companyID), webhookendpoint.Active(true)).
		Select(webhookendpoint.FieldID, webhookendpoint.FieldEventTypes).
		All(ctx)
	if err != nil {
		return nil, err
	}
	targets := make([]target, len(endpoints))
	for i, ep := range endpoints {
		targets[i] = target{id: ep.ID, eventTypes: ep.EventTypes}
	}
	c.mu.Lock()
	if c.gen == gen {
		if c.byCompany == nil {
			c.byCompany = map[string]cachedEndpoints{}
		}
		c.byCompany[companyID] = cachedEndpoints{targets: targets, expires: now.Add(EndpointCacheTTL)}
	}
	c.mu.Unlock()
	return targets, nil
}

func (c *endpointCache) invalidate() {
	c.mu.Lock()
	c.gen++
	clear(c.byCompany)
	c.mu.Unlock()
}

// hook clears the cache on every change of an endpoint, and again when
// its transaction ends: a write of the same transaction may have cached
// the change before it committed or rolled back.
func (c *endpointCache) hook(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		v, err := next.Mutate(ctx, m)
		c.invalidate()
		if tx := ent.TxFromContext(ctx); tx != nil {
			tx.OnCommit(func(next ent.Committer) ent.Committer {
				return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
					defer c.invalidate()
					return next.Commit(ctx, tx)
				})
			})
			tx.OnRollback(func(next ent.Rollbacker) ent.Rollbacker {
				return ent.RollbackFunc(func(ctx context.Context, tx *ent.Tx) error {
					defer c.invalidate()
					return next.Rollback(ctx, tx)
				})
			})
		}
		return v, err
	})
}
