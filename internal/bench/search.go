package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/recruiting"
)

// searchQuery is the search benchmarked, ranked, with snippets.
const searchQuery = `query($q: String!) { search(query: $q, first: 20) { edges { snippet node { id } } hasNextPage } }`

// searchedPerson is the seeded person whose name the bench searches for:
// their first and last name are found together a few times (once per
// 100 000 people), each alone hundreds of times.
const searchedPerson = 100

// searchName is the searchedPerson's name as a user types it.
func searchName() string {
	first, last := benchName(searchedPerson)
	return strings.ToLower(first + " " + last)
}

// misspeltSearchName is searchName with the last name's last letter
// typed twice: no name starts with it, so only the typo-tolerant match
// finds the person.
func misspeltSearchName() string {
	name := searchName()
	return name + name[len(name)-1:]
}

// buildSearchIndex indexes the seeded candidates (the seed writes around
// the service) and reports how long it took and the index's size.
func buildSearchIndex(ctx context.Context, db *database.DB, out io.Writer) error {
	start := time.Now()
	n, err := recruiting.New(recruiting.Dependencies{Client: db.Client, Dialect: db.Dialect}).IndexAllForSearch(ctx)
	if err != nil {
		return fmt.Errorf("indexing for search: %w", err)
	}
	// The seed analyzed the tables before the index held a row: with those
	// statistics PostgreSQL merge-joined the candidates' primary key with
	// a search's few documents (41 ms instead of 1 ms at 100k).
	if n > 0 {
		if err := db.Analyze(ctx); err != nil {
			return err
		}
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

// searchNamedRequest is the search for a name among the benchmarked
// requests; misspeltSearchNamedRequest the search for it misspelt.
func searchNamedRequest(gql http.Header) namedRequest {
	return namedRequest{"POST /graphql search", searchFor(searchName(), gql)}
}
func misspeltSearchNamedRequest(gql http.Header) namedRequest {
	return namedRequest{"POST /graphql search (misspelt)", searchFor(misspeltSearchName(), gql)}
}

// searchFor is the request of a search for q.
func searchFor(q string, gql http.Header) request {
	b, _ := json.Marshal(map[string]any{"query": searchQuery, "variables": map[string]string{"q": q}})
	return request{method: http.MethodPost, path: "/graphql", body: string(b), header: gql}
}
