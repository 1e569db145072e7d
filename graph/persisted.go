package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
)

// Automatic persisted queries (Apollo's APQ, gqlgen's extension): a client
// sends a query's hash alone, and the query with it only when the server
// answers PersistedQueryNotFound. Each process keeps its own cache: a
// replica that has not seen a query answers PersistedQueryNotFound and the
// client sends it again, so nothing needs sharing between replicas.
const (
	maxPersistedQueries    = 500
	maxPersistedQueryBytes = 64 << 10 // so the cache holds at most 32 MiB
	// persistedQueryNotFound is the code clients (Apollo's link among
	// them) look for, spelled as they expect it.
	persistedQueryNotFound = "PERSISTED_QUERY_NOT_FOUND"
)

// persistedQueries is the cache of persisted queries, bounded in count and
// in the size of each query it keeps; a larger query is answered but not
// kept, so its client keeps sending it whole.
type persistedQueries struct {
	cache *lru.LRU[string]
}

func newPersistedQueries() graphql.Cache[string] {
	return persistedQueries{cache: lru.New[string](maxPersistedQueries)}
}

func (p persistedQueries) Get(ctx context.Context, hash string) (string, bool) {
	return p.cache.Get(ctx, hash)
}

func (p persistedQueries) Add(ctx context.Context, hash string, query string) {
	if len(query) <= maxPersistedQueryBytes {
		p.cache.Add(ctx, hash, query)
	}
}
