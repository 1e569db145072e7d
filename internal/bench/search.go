package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/recruiting"
)

// searchQuery is the search benchmarked: a name's word, which matches the
// few seeded people whose number starts with it (Person4242, Person42420,
// …), ranked, with snippets.
const searchQuery = `query($q: String!) { search(query: $q, first: 20) { edges { snippet node { id } } hasNextPage } }`

// searchWord is what the benchmarked search looks for.
const searchWord = "person4242"

// searchRequest is the benchmarked search request's body.
func searchRequest() string {
	b, _ := json.Marshal(map[string]any{"query": searchQuery, "variables": map[string]string{"q": searchWord}})
	return string(b)
}

// buildSearchIndex indexes the seeded candidates (the seed writes around
// the service) and reports how long it took and the index's size.
func buildSearchIndex(ctx context.Context, db *database.DB, out io.Writer) error {
	start := time.Now()
	n, err := recruiting.New(recruiting.Dependencies{Client: db.Client, Dialect: db.Dialect}).IndexAllForSearch(ctx)
	if err != nil {
		return fmt.Errorf("indexing for search: %w", err)
	}
	size, err := searchIndexBytes(ctx, db)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "search index: %d candidates indexed in %s; %.1f MiB on disk\n", n, time.Since(start).Round(time.Second), mib(uint64(size)))
	return nil
}

// searchIndexBytes is the size of the search tables and their indexes.
func searchIndexBytes(ctx context.Context, db *database.DB) (int64, error) {
	query := `SELECT pg_total_relation_size('search_documents')`
	if db.Dialect == dialect.SQLite {
		query = `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name LIKE 'search_%' OR name = 'sqlite_autoindex_search_documents_1'`
	}
	var size int64
	if err := db.SQL.QueryRowContext(ctx, query).Scan(&size); err != nil {
		return 0, fmt.Errorf("measuring the search index: %w", err)
	}
	return size, nil
}

// searchNamedRequest is the search among the benchmarked requests.
func searchNamedRequest(gql http.Header) namedRequest {
	return namedRequest{"POST /graphql search", request{method: http.MethodPost, path: "/graphql", body: searchRequest(), header: gql}}
}
