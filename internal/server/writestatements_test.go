package server_test

import (
	"context"
	stdsql "database/sql"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// txRecorder is an ent driver that keeps every statement it sends, reads
// and writes, in transactions and outside them: what a write costs in
// round trips.
type txRecorder struct {
	*entsql.Driver
	mu         sync.Mutex
	statements []string
}

func (r *txRecorder) record(query string) {
	r.mu.Lock()
	r.statements = append(r.statements, query)
	r.mu.Unlock()
}

// take returns the statements recorded so far and forgets them.
func (r *txRecorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.statements
	r.statements = nil
	return s
}

func (r *txRecorder) Query(ctx context.Context, query string, args, v any) error {
	r.record(query)
	return r.Driver.Query(ctx, query, args, v)
}

func (r *txRecorder) Exec(ctx context.Context, query string, args, v any) error {
	r.record(query)
	return r.Driver.Exec(ctx, query, args, v)
}

func (r *txRecorder) QueryContext(ctx context.Context, query string, args ...any) (*stdsql.Rows, error) {
	r.record(query)
	return r.Driver.QueryContext(ctx, query, args...)
}

func (r *txRecorder) ExecContext(ctx context.Context, query string, args ...any) (stdsql.Result, error) {
	r.record(query)
	return r.Driver.ExecContext(ctx, query, args...)
}

func (r *txRecorder) Tx(ctx context.Context) (dialect.Tx, error) {
	return r.BeginTx(ctx, nil)
}

// BeginTx records the transaction's statements through its connection,
// keeping ent's *sql.Tx inside (ent.SQLTx hands it to River).
func (r *txRecorder) BeginTx(ctx context.Context, opts *entsql.TxOptions) (dialect.Tx, error) {
	tx, err := r.Driver.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	etx := tx.(*entsql.Tx)
	etx.ExecQuerier = recordingConn{etx.ExecQuerier, r}
	return etx, nil
}

// recordingConn is a transaction's connection that records what it sends.
type recordingConn struct {
	entsql.ExecQuerier
	r *txRecorder
}

func (c recordingConn) QueryContext(ctx context.Context, query string, args ...any) (*stdsql.Rows, error) {
	c.r.record(query)
	return c.ExecQuerier.QueryContext(ctx, query, args...)
}

func (c recordingConn) ExecContext(ctx context.Context, query string, args ...any) (stdsql.Result, error) {
	c.r.record(query)
	return c.ExecQuerier.ExecContext(ctx, query, args...)
}

// newTxRecordingEnv is a test server whose ent client records every
// statement (txRecorder).
func newTxRecordingEnv(t *testing.T) (*hiregraphtest.Env, *txRecorder) {
	rec := &txRecorder{}
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
		rec.Driver = entsql.OpenDB(cfg.DB.Dialect, cfg.DB.SQL)
		db := *cfg.DB
		db.Client = ent.NewClient(ent.Driver(rec))
		cfg.DB = &db
	})
	return env, rec
}

// matching counts the statements that match re.
func matching(statements []string, re *regexp.Regexp) int {
	n := 0
	for _, s := range statements {
		if re.MatchString(s) {
			n++
		}
	}
	return n
}

// Statements of the writes, either dialect's quotes.
var (
	readsCandidateRow = regexp.MustCompile("^SELECT .* FROM [`\"]candidates[`\"] WHERE")
	readsCompany      = regexp.MustCompile("FROM [`\"]companies[`\"]")
	// checksVisible is CheckEdges' query of records an edge links
	// (ent.Client.VisibleIDs): a person's or candidate's id by id.
	checksVisible = regexp.MustCompile("^SELECT [`\"](persons|candidates)[`\"].[`\"]id[`\"] FROM [`\"](persons|candidates)[`\"] WHERE [`\"](persons|candidates)[`\"].[`\"]id[`\"] IN")
)

// TestWriteStatements sends the three benchmarked writes (internal/bench)
// and checks the statements each sends, every one a round trip, against
// the work the hand-written floor does (internal/bench/handwritten_writes.go,
// handwritten_apply.go): a move reads its candidate once, the row it
// locks, not again after the update; an application reads its company once
// (the token checked by the server, not again by the handler) and links
// the person and candidate it created without reading them back. The
// statements are logged (go test -v).
func TestWriteStatements(t *testing.T) {
	env, rec := newTxRecordingEnv(t)
	ctx := hiregraphtest.System()
	cand := env.DB.Client.Candidate.GetX(ctx, env.Demo.CandidateUID)
	next := env.DB.Client.PipelineStep.Query().
		Where(pipelinestep.PositionID(cand.PositionID), pipelinestep.IDNEQ(*cand.CurrentStepID)).
		Order(pipelinestep.ByRank()).FirstIDX(ctx)
	apply := raceApplication(t, env, "statements@example.com")
	applyPath := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions/" + env.Demo.PublishedPositionUID + "/apply?token=" + env.Demo.CareersToken
	for _, w := range []struct {
		name  string
		send  func() int
		check func(t *testing.T, statements []string)
	}{
		{"moveCandidate", func() int {
			r := env.GraphQL(`mutation($id: ID!, $to: ID!) { moveCandidate(id: $id, toStepID: $to) { id status } }`,
				map[string]any{"id": cand.ID, "to": next})
			if len(r.Errors) > 0 {
				t.Logf("%+v", r.Errors)
				return http.StatusInternalServerError
			}
			return r.Status
		}, func(t *testing.T, statements []string) {
			if n := matching(statements, readsCandidateRow); n != 1 {
				t.Errorf("the candidate's row read %d times, want once (locked)", n)
			}
		}},
		{"note", func() int {
			return env.Do(http.MethodPost, "/v1/candidates/"+cand.ID+"/notes", map[string]any{
				"time_created": "2026-03-01T10:00:00Z", "created_by": map[string]any{"type": "app", "first_name": "Bench"},
				"text": "Called back",
			}).Status
		}, func(t *testing.T, statements []string) {
			if n := matching(statements, readsCandidateRow); n != 1 {
				t.Errorf("the candidate's row read %d times, want once (locked)", n)
			}
		}},
		{"careers application, new applicant", func() int {
			return env.DoWith(http.MethodPost, applyPath, apply, nil).Status
		}, func(t *testing.T, statements []string) {
			if n := matching(statements, readsCompany); n != 1 {
				t.Errorf("the company read %d times, want once (the token's check)", n)
			}
			if n := matching(statements, checksVisible); n != 0 {
				t.Errorf("%d reads of the new person or candidate by id, want none", n)
			}
		}},
	} {
		t.Run(w.name, func(t *testing.T) {
			rec.take()
			if status := w.send(); status/100 != 2 {
				t.Fatalf("answered %d", status)
			}
			statements := rec.take()
			t.Logf("%d statements:\n%s", len(statements), strings.Join(statements, "\n"))
			w.check(t, statements)
		})
	}
}
