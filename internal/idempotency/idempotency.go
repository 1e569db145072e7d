// Package idempotency makes REST POSTs safe to retry: a request sent with an
// Idempotency-Key header is served once; retries with the same key and the
// same request get the stored first response, and write nothing again.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/idempotencykey"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// Header is the request header that carries the key.
const Header = "Idempotency-Key"

const (
	// Retention is how long a key is remembered.
	Retention = 24 * time.Hour
	// abandonAfter is how long a first request may stay unfinished before a
	// retry may take over (the server died while serving it).
	abandonAfter = time.Minute
	maxKeyLength = 255
)

// Store keeps keys in the database, per company.
type Store struct {
	Client *ent.Client
	// WriteError renders an error in the API's error body.
	WriteError func(http.ResponseWriter, *http.Request, error)
	// Now is the clock; tests replace it.
	Now func() time.Time
}

// Middleware serves POSTs that carry an Idempotency-Key at most once. It
// must run after authentication: keys are scoped to the caller's company.
func (s *Store) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get(Header)
		if r.Method != http.MethodPost || key == "" {
			next.ServeHTTP(w, r)
			return
		}
		if len(key) > maxKeyLength {
			s.WriteError(w, r, apierror.BadRequest(Header, "%s must be at most %d characters", Header, maxKeyLength))
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			s.WriteError(w, r, err)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		hash := requestHash(r, body)
		record, err := s.claim(r.Context(), key, hash, r.URL.Path)
		if err != nil {
			s.WriteError(w, r, err)
			return
		}
		if record.Status != 0 {
			replay(w, record)
			return
		}
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		s.finish(r.Context(), record, rec)
	})
}

// claim returns the finished record of a retry, or a new unfinished record
// that makes this request the one that gets served.
func (s *Store) claim(ctx context.Context, key, hash, path string) (*ent.IdempotencyKey, error) {
	existing, err := s.Client.IdempotencyKey.Query().Where(idempotencykey.Key(key)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
	case err != nil:
		return nil, err
	case s.now().Sub(existing.TimeCreated) > Retention,
		existing.Status == 0 && s.now().Sub(existing.TimeCreated) > abandonAfter:
		if err := s.Client.IdempotencyKey.DeleteOne(existing).Exec(ctx); err != nil {
			return nil, err
		}
	case existing.RequestHash != hash:
		return nil, apierror.New(http.StatusUnprocessableEntity, "idempotency_key_reused",
			"this %s was used for a different request; use a new key for a new request", Header)
	case existing.Status == 0:
		return nil, apierror.New(http.StatusConflict, "idempotency_in_progress",
			"a request with this %s is still being served; retry later", Header)
	default:
		return existing, nil
	}
	created, err := s.Client.IdempotencyKey.Create().
		SetKey(key).SetRequestHash(hash).SetPath(path).SetTimeCreated(s.now()).
		Save(ctx)
	if ent.IsConstraintError(err) {
		// A concurrent duplicate claimed the key first.
		return nil, apierror.New(http.StatusConflict, "idempotency_in_progress",
			"a request with this %s is still being served; retry later", Header)
	}
	return created, err
}

// finish stores the response, or forgets the key when the request failed on
// the server's side, so that a retry runs again.
func (s *Store) finish(ctx context.Context, record *ent.IdempotencyKey, rec *recorder) {
	ctx = context.WithoutCancel(ctx)
	if rec.status >= http.StatusInternalServerError {
		_ = s.Client.IdempotencyKey.DeleteOne(record).Exec(ctx)
		return
	}
	_ = s.Client.IdempotencyKey.UpdateOne(record).
		SetStatus(rec.status).
		SetContentType(rec.Header().Get("Content-Type")).
		SetResponse(rec.body.Bytes()).
		Exec(ctx)
}

func replay(w http.ResponseWriter, record *ent.IdempotencyKey) {
	if record.ContentType != "" {
		w.Header().Set("Content-Type", record.ContentType)
	}
	w.Header().Set("Idempotent-Replayed", "true")
	w.WriteHeader(record.Status)
	_, _ = w.Write(record.Response)
}

func requestHash(r *http.Request, body []byte) string {
	h := sha256.New()
	io.WriteString(h, r.Method+" "+r.URL.Path+"\n")
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// recorder passes the response through and keeps a copy of it.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Sweep deletes the keys of every company older than Retention, which
// claim would ignore anyway, and returns how many it deleted.
func Sweep(ctx context.Context, client *ent.Client, now time.Time) (int, error) {
	n, err := client.IdempotencyKey.Delete().
		Where(idempotencykey.TimeCreatedLT(now.UTC().Add(-Retention))).
		Exec(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		return 0, fmt.Errorf("sweeping idempotency keys: %w", err)
	}
	return n, nil
}
