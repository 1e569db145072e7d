package bench

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"

	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/filetext"
	"github.com/hiregraph/hiregraph/recruiting"
)

// handWritten serves the benchmarked endpoints with plain database/sql and
// encoding/json: the baseline Hiregraph is measured against. It does the
// same work a careful hand-written service would: one indexed lookup of the
// API key, one query per list, the same JSON. It has no GraphQL engine,
// privacy layer, rate limits or idempotency checks.
type handWritten struct {
	db        *sql.DB // reads
	writeDB   *sql.DB // writes: on SQLite the one writer connection
	dialect   string
	publicURL string
	sealer    *auth.Sealer // signs cursors as the service does
	sql       hwStatements
	writes    hwWriteStatements
	applies   hwApplyStatements
	reports   hwReportStatements
	index     hwSearchStatements
	files     *filestore.Store // applications' files, the store ours writes to
	fileText  *filetext.Jobs   // queues the reading of resumes' text, as ours does
}

// hwStatements are the floor's statements, written once for the dialect
// when the floor starts, as a service would keep them in constants: no
// request rewrites a statement.
type hwStatements struct {
	apiKey, candidates, candidatesAfter, openings, hires, company, internalFields, careers string
	nestedPositions, nestedOpenings, nestedCandidates, flatCandidates                      string
	boardPosition, boardSteps, boardCandidates, boardCounts                                string
	search, searchFuzzy                                                                    string
	boardInterviews, interviewStarts, recommendationCounts                                 string
}

func newHandWritten(db *database.DB, publicURL string, sealer *auth.Sealer, files *filestore.Store) (*handWritten, error) {
	fileText, err := filetext.New(filetext.Config{DB: db})
	if err != nil {
		return nil, err
	}
	h := &handWritten{db: db.ReadSQL, writeDB: db.SQL, dialect: db.Dialect, publicURL: publicURL, sealer: sealer, files: files, fileText: fileText}
	h.index = h.searchStatements()
	h.writes = h.writeStatements()
	h.applies = h.applyStatements()
	h.reports = h.reportStatements()
	const candidateColumns = `SELECT id, deleted, position_id, time_created, time_last_status_changed, current_steps, completed_steps, address, status,
		current_step_id FROM candidates WHERE company_id = ?`
	h.sql = hwStatements{
		apiKey:          h.q(`SELECT company_id FROM api_keys WHERE secret_hash = ? AND revoked = ?`),
		candidates:      h.q(candidateColumns + ` ORDER BY time_created, id LIMIT ?`),
		candidatesAfter: h.q(candidateColumns + ` AND (time_created, id) > (?, ?) ORDER BY time_created, id LIMIT ?`),
		openings: h.q(`SELECT o.id, o.position_id, o.name, o.time_expected_hire, o.headcount,
			o.reason, o.status, o.time_created, o.time_last_status_change, o.time_opened, o.time_updated,
			a.id, a.name, a.time_started, a.time_completed, a.status
		FROM openings o LEFT JOIN approval_processes a ON a.opening_approval_process = o.id
		WHERE o.company_id = ? ORDER BY o.time_created, o.id LIMIT ?`),
		// The page's hires in one statement, oldest first, as ours loads
		// them: hired_candidate_uid is each opening's first. (A scalar
		// subquery per opening scanned the candidates once per opening on
		// SQLite, whose statistics see the mostly-NULL hired_opening_id as
		// unselective: seconds a page at 100k.)
		hires:          h.hiresStatement(),
		company:        h.q(`SELECT name, careers_token FROM companies WHERE id = ?`),
		internalFields: h.q(`SELECT scope, name FROM field_definitions WHERE company_id = ? AND internal_use = ?`),
		careers: h.q(`SELECT p.id, p.name, p.department, p.workplace_type, p.email, p.url_service_hosted_page,
			p.url_active_page, p.employment_type, p.experience_level, p.internal_use_custom_id, p.picture_url, p.time_updated,
			p.categories, p.details,
			l.name, l.country, l.city, l.state, l.postal_code, l.street_name, l.street_number, l.arrival_instructions, l.timezone
		FROM positions p LEFT JOIN locations l ON l.id = p.location_id
		WHERE p.company_id = ? AND p.is_published = ? AND p.is_template = ?
		ORDER BY p.name, p.id`),
		nestedPositions:  h.q(`SELECT id, name FROM positions WHERE company_id = ? ORDER BY id LIMIT 20`),
		search:           h.searchStatement(false),
		searchFuzzy:      h.searchStatement(true),
		nestedOpenings:   h.perParent(`SELECT o.id, o.name, o.position_id`, "openings", "position_id", 5, ""),
		nestedCandidates: h.perParent(`SELECT c.id, c.status, c.position_id, p.first_name`, "candidates", "position_id", 10, `JOIN persons p ON p.id = c.person_id`),
		flatCandidates:   h.q(`SELECT id, status, time_created FROM candidates WHERE company_id = ? ORDER BY id LIMIT 100`),
		boardPosition:    h.q(`SELECT id FROM positions WHERE id = ? AND company_id = ?`),
		boardSteps:       h.q(`SELECT id, name, kind FROM pipeline_steps WHERE company_id = ? AND position_id = ? ORDER BY rank, id`),
		boardCandidates: h.perParent(`SELECT c.id, c.status, c.current_step_id, p.first_name, p.last_name`, "candidates", "current_step_id", 20,
			`JOIN persons p ON p.id = c.person_id`),
		boardCounts:          h.perParentCount("candidates", "current_step_id"),
		boardInterviews:      h.nextInterviewStatement(),
		interviewStarts:      h.interviewStartsStatement(),
		recommendationCounts: h.recommendationCountsStatement(),
	}
	return h, nil
}

func (h *handWritten) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/candidates", h.authed(h.candidates))
	mux.HandleFunc("GET /v1/openings", h.authed(h.openings))
	mux.HandleFunc("POST /v1/candidates/{uid}/notes", h.authed(h.createNote))
	mux.HandleFunc("POST /graphql", h.authed(h.graphql))
	mux.HandleFunc("GET /careers-api/2.0/company/{company}/positions", h.careers)
	mux.HandleFunc("POST /careers-api/2.0/company/{company}/positions/{position}/apply", h.apply)
	return mux
}

// q writes a statement for the dialect, once, when the floor starts:
// placeholders ? become $n on PostgreSQL; on SQLite the tenant's parameter
// is CAST(? AS TEXT), as ours (database/tenantparam.go), so a cached
// statement keeps its plan.
func (h *handWritten) q(query string) string {
	if h.dialect != dialect.Postgres {
		return tenantCast.ReplaceAllString(query, "${1}company_id = CAST(? AS TEXT)")
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tenantCast finds the tenant's parameter, company_id = ?, with or
// without a table's alias.
var tenantCast = regexp.MustCompile(`(\b[a-z]\.)?company_id = \?`)

func (h *handWritten) authed(next func(http.ResponseWriter, *http.Request, string)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		sum := sha256.Sum256([]byte(key))
		var company string
		err := h.db.QueryRowContext(r.Context(), h.sql.apiKey,
			hex.EncodeToString(sum[:]), false).Scan(&company)
		if err != nil {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next(w, r, company)
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// flexTime scans a time whichever way the driver hands it over.
type flexTime struct{ t *time.Time }

func (f flexTime) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		return nil
	case time.Time:
		*f.t = v.UTC()
		return nil
	case string:
		return f.parse(v)
	case []byte:
		return f.parse(string(v))
	}
	return fmt.Errorf("unexpected time %T", src)
}

func (f flexTime) parse(s string) error {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999 -0700 MST"} {
		if t, err := time.Parse(layout, s); err == nil {
			*f.t = t.UTC()
			return nil
		}
	}
	return fmt.Errorf("unparsable time %q", s)
}

type hwStep struct {
	Name          string     `json:"name"`
	Type          string     `json:"type"`
	TimeScheduled *time.Time `json:"time_scheduled"`
	TimeCompleted *time.Time `json:"time_completed"`
}

// hwStepOut is a step as the API shows it; TimeCompleted only for
// completed steps.
type hwStepOut struct {
	Name          string   `json:"name"`
	Type          string   `json:"type"`
	TimeScheduled *string  `json:"time_scheduled"`
	TimeCompleted **string `json:"time_completed,omitempty"`
}

type hwAddress struct {
	Country       string `json:"country"`
	State         string `json:"state"`
	Zip           string `json:"zip"`
	StreetAddress string `json:"street_address"`
	City          string `json:"city"`
}

type hwCandidate struct {
	UID                   string      `json:"uid"`
	Deleted               bool        `json:"deleted"`
	PositionUID           string      `json:"position_uid"`
	TimeCreated           string      `json:"time_created"`
	TimeLastStatusChanged string      `json:"time_last_status_changed"`
	CurrentSteps          []hwStepOut `json:"current_steps"`
	CompletedSteps        []hwStepOut `json:"completed_steps"`
	Address               hwAddress   `json:"address"`
	Status                string      `json:"status"`
}

func stepsJSON(raw []byte, completed bool) ([]hwStepOut, error) {
	var steps []hwStep
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &steps); err != nil {
			return nil, err
		}
	}
	out := make([]hwStepOut, len(steps))
	for i, s := range steps {
		out[i] = hwStepOut{Name: s.Name, Type: s.Type, TimeScheduled: apitime.FormatPtr(s.TimeScheduled)}
		if completed {
			done := apitime.FormatPtr(s.TimeCompleted)
			out[i].TimeCompleted = &done
		}
	}
	return out, nil
}

var hwCandidateStatus = map[string]string{"IN_PROGRESS": "In progress", "REJECTED": "Rejected", "HIRED": "Hired", "WITHDRAWN": "Withdrawn"}

// candidates is GET /v1/candidates with limit and cursor.
func (h *handWritten) candidates(w http.ResponseWriter, r *http.Request, company string) {
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	if limit < 1 {
		limit = recruiting.DefaultPageSize
	}
	query, args := h.sql.candidates, []any{company}
	if c := r.URL.Query().Get("cursor"); c != "" {
		cur, err := recruiting.OpenCursor(h.sealer, "candidates", c)
		if err != nil {
			http.Error(w, "bad cursor", http.StatusBadRequest)
			return
		}
		query = h.sql.candidatesAfter
		args = append(args, cur.TimeCreated, cur.ID)
	}
	args = append(args, limit+1)
	rows, err := h.db.QueryContext(r.Context(), query, args...)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	out := []hwCandidate{}
	stepOf := map[string]string{}
	var last recruiting.Cursor
	hasMore := false
	for rows.Next() {
		if len(out) == limit {
			hasMore = true
			break
		}
		var (
			id, position, status           string
			deleted                        bool
			created, changed               time.Time
			current, completed, addressRaw []byte
			step                           sql.NullString
		)
		if err := rows.Scan(&id, &deleted, &position, flexTime{&created}, flexTime{&changed}, &current, &completed, &addressRaw, &status, &step); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		cur, err1 := stepsJSON(current, false)
		done, err2 := stepsJSON(completed, true)
		var address hwAddress
		var err3 error
		if len(addressRaw) > 0 && string(addressRaw) != "null" {
			err3 = json.Unmarshal(addressRaw, &address)
		}
		if err1 != nil || err2 != nil || err3 != nil {
			http.Error(w, "bad JSON column", http.StatusInternalServerError)
			return
		}
		out = append(out, hwCandidate{
			UID: id, Deleted: deleted, PositionUID: position,
			TimeCreated: apitime.Format(created), TimeLastStatusChanged: apitime.Format(changed),
			CurrentSteps: cur, CompletedSteps: done, Address: address, Status: hwCandidateStatus[status],
		})
		last = recruiting.Cursor{TimeCreated: created, ID: id}
		if step.Valid {
			stepOf[id] = step.String
		}
	}
	rows.Close()
	if err := h.scheduleSteps(r.Context(), company, out, stepOf); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, hwCandidatePage{Candidates: out, NextPage: h.nextPage(r, "/v1/candidates", hasMore, last)})
}

// nextPage builds next_page the way the service does: limit (when given)
// and the cursor after the last row.
func (h *handWritten) nextPage(r *http.Request, path string, hasMore bool, last recruiting.Cursor) *string {
	if !hasMore {
		return nil
	}
	v := url.Values{"cursor": {last.Seal(h.sealer, strings.TrimPrefix(path, "/v1/"))}}
	if l := r.URL.Query().Get("limit"); l != "" {
		v.Set("limit", l)
	}
	u := h.publicURL + path + "?" + v.Encode()
	return &u
}

type hwCandidatePage struct {
	Candidates []hwCandidate `json:"candidates"`
	NextPage   *string       `json:"next_page"`
}

type hwApproval struct {
	UID           string  `json:"uid"`
	Name          string  `json:"name"`
	TimeStarted   string  `json:"time_started"`
	TimeCompleted *string `json:"time_completed"`
	Status        string  `json:"status"`
}

type hwOpening struct {
	UID                  string      `json:"uid"`
	PositionUID          string      `json:"position_uid"`
	Name                 string      `json:"name"`
	ApprovalProcess      *hwApproval `json:"approval_process"`
	HiredCandidateUID    *string     `json:"hired_candidate_uid"`
	TimeExpectedHire     *string     `json:"time_expected_hire"`
	Headcount            int         `json:"headcount"`
	Reason               string      `json:"reason"`
	Status               string      `json:"status"`
	TimeCreated          string      `json:"time_created"`
	TimeLastStatusChange string      `json:"time_last_status_change"`
	TimeOpened           string      `json:"time_opened"`
	TimeUpdated          string      `json:"time_updated"`
}

type hwOpeningPage struct {
	Openings []hwOpening `json:"openings"`
	NextPage *string     `json:"next_page"`
}

var (
	hwReasons = map[string]string{"NEW": "New", "REPLACEMENT_HIRE": "Replacement hire", "TEMPORARY_REPLACEMENT": "Temporary replacement"}
	hwStates  = map[string]string{"OPEN": "Open", "PENDING": "Pending", "FILLED": "Filled", "CLOSED": "Closed"}
)

// openings is GET /v1/openings?limit=N (first page).
func (h *handWritten) openings(w http.ResponseWriter, r *http.Request, company string) {
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	if limit < 1 {
		limit = recruiting.DefaultPageSize
	}
	rows, err := h.db.QueryContext(r.Context(), h.sql.openings, company, limit+1)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	out := []hwOpening{}
	var last recruiting.Cursor
	hasMore := false
	for rows.Next() {
		if len(out) == limit {
			hasMore = true
			break
		}
		var (
			id, position, name, reason, status          string
			apID, apName, apStatus                      sql.NullString
			headcount                                   int
			expected, apCompleted                       time.Time
			created, changed, opened, updated, apStared time.Time
		)
		if err := rows.Scan(&id, &position, &name, flexTime{&expected}, &headcount, &reason, &status,
			flexTime{&created}, flexTime{&changed}, flexTime{&opened}, flexTime{&updated},
			&apID, &apName, flexTime{&apStared}, flexTime{&apCompleted}, &apStatus); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		o := hwOpening{
			UID: id, PositionUID: position, Name: name,
			TimeExpectedHire: timeOrNil(expected), Headcount: headcount,
			Reason: hwReasons[reason], Status: hwStates[status],
			TimeCreated: apitime.Format(created), TimeLastStatusChange: apitime.Format(changed),
			TimeOpened: apitime.Format(opened), TimeUpdated: apitime.Format(updated),
		}
		if apID.Valid {
			o.ApprovalProcess = &hwApproval{UID: apID.String, Name: apName.String,
				TimeStarted: apitime.Format(apStared), TimeCompleted: timeOrNil(apCompleted), Status: apStatus.String}
		}
		out = append(out, o)
		last = recruiting.Cursor{TimeCreated: created, ID: id}
	}
	// The page's connection goes back before the hires take one: a
	// request holding one while waiting for another starves the pool.
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.oldestHires(r.Context(), company, out); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, hwOpeningPage{Openings: out, NextPage: h.nextPage(r, "/v1/openings", hasMore, last)})
}

func (h *handWritten) hiresStatement() string {
	const hires = `SELECT id, hired_opening_id FROM candidates WHERE company_id = ? AND hired_opening_id `
	const order = ` ORDER BY time_last_status_changed, id`
	if h.dialect == dialect.Postgres {
		return h.q(hires+`= ANY(?::text[])`) + order
	}
	return h.q(hires+`IN (SELECT value FROM json_each(?))`) + order
}

// oldestHires sets each opening's hired_candidate_uid to its oldest hire.
func (h *handWritten) oldestHires(ctx context.Context, company string, openings []hwOpening) error {
	if len(openings) == 0 {
		return nil
	}
	at := make(map[string]*hwOpening, len(openings))
	ids := make([]string, len(openings))
	for i := range openings {
		ids[i], at[openings[i].UID] = openings[i].UID, &openings[i]
	}
	var parents any = pq.Array(ids)
	if h.dialect != dialect.Postgres {
		js, err := json.Marshal(ids)
		if err != nil {
			return err
		}
		parents = string(js)
	}
	rows, err := h.db.QueryContext(ctx, h.sql.hires, company, parents)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, opening string
		if err := rows.Scan(&id, &opening); err != nil {
			return err
		}
		if o := at[opening]; o.HiredCandidateUID == nil {
			o.HiredCandidateUID = &id
		}
	}
	return rows.Err()
}

func nullable(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

func timeOrNil(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := apitime.Format(t)
	return &s
}
