package bench

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/sanitize"
	"github.com/hiregraph/hiregraph/recruiting"
)

// hwApplyStatements are the statements of the floor's careers
// application: the position and its questions, the 24-hour repeat check,
// and the transaction that upserts the person by e-mail, inserts the
// candidacy on the live-candidacy index's conflict, enters the first step
// and records the application, its file and both events, as ours does.
type hwApplyStatements struct {
	position, questions, recent, lock, firstStep, findPerson, insertPerson, insertCandidate, liveCandidate,
	insertApplication, insertFile string
}

func (h *handWritten) applyStatements() hwApplyStatements {
	lock := ""
	if h.dialect == dialect.Postgres {
		// The key ours takes (recruiting.lockApplication).
		lock = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`
	}
	return hwApplyStatements{
		position: h.q(`SELECT name, status FROM positions WHERE id = ? AND company_id = ? AND is_published = ? AND is_template = ?`),
		questions: h.q(`SELECT q.id, q.questions FROM questionnaires q JOIN position_questionnaires pq ON pq.questionnaire_id = q.id
			WHERE pq.position_id = ? AND q.company_id = ?`),
		recent: h.q(`SELECT a.id, p.first_name FROM applications a JOIN candidates c ON c.id = a.candidate_id JOIN persons p ON p.id = c.person_id
			WHERE a.company_id = ? AND a.email = ? AND a.time_created > ? AND c.position_id = ? ORDER BY a.time_created LIMIT 1`),
		lock:         lock,
		firstStep:    h.q(`SELECT id, name, kind FROM pipeline_steps WHERE position_id = ? AND company_id = ? ORDER BY rank, id LIMIT 1`),
		findPerson:   h.q(`SELECT id FROM persons WHERE email_normalized = ? AND company_id = ?`),
		insertPerson: h.q(`INSERT INTO persons (id, company_id, first_name, last_name, email, email_normalized, phone, time_last_activity, time_created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (company_id, email_normalized) DO NOTHING RETURNING id`),
		insertCandidate: h.q(`INSERT INTO candidates (id, company_id, person_id, position_id, status, source, deleted, current_step_id, current_steps, completed_steps,
			time_created, time_last_status_changed, time_hiring_process_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (person_id, position_id) WHERE deleted = false DO NOTHING RETURNING id`),
		liveCandidate: h.q(`SELECT id FROM candidates WHERE person_id = ? AND position_id = ? AND deleted = ? AND company_id = ?`),
		insertApplication: h.q(`INSERT INTO applications (id, company_id, candidate_id, email, source, linkedin_url, cover_letter, answers, demographic_answers,
			consent_text, time_consented, time_created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		insertFile: h.q(`INSERT INTO candidate_files (id, company_id, candidate_id, kind, file_name, content_type, size, storage_key, time_created)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
	}
}

// hwApplication is an application's fields, checked.
type hwApplication struct {
	first, last, email, phone, linkedIn, coverLetter, source, consentText string
}

// hwApplied is the answer to an application.
type hwApplied struct {
	ApplicationUID string `json:"application_uid"`
	Message        string `json:"message"`
}

// hwCreatedCandidate is the candidate.created event's data: the new
// candidate, as ours records it (recruiting.CandidateV1).
type hwCreatedCandidate struct {
	Version                  int         `json:"version"`
	ID                       string      `json:"id"`
	PersonID                 string      `json:"person_id"`
	PositionID               string      `json:"position_id"`
	Status                   string      `json:"status"`
	CurrentStepID            string      `json:"current_step_id"`
	HiredOpeningID           *string     `json:"hired_opening_id"`
	RejectionReasonID        *string     `json:"rejection_reason_id"`
	RejectionNote            *string     `json:"rejection_note"`
	Source                   string      `json:"source"`
	Deleted                  bool        `json:"deleted"`
	CurrentSteps             []hwStepOut `json:"current_steps"`
	CompletedSteps           []hwStepOut `json:"completed_steps"`
	Address                  *struct{}   `json:"address"`
	TimeCreated              time.Time   `json:"time_created"`
	TimeLastStatusChanged    time.Time   `json:"time_last_status_changed"`
	TimeHiringProcessUpdated time.Time   `json:"time_hiring_process_updated"`
}

// apply is POST …/positions/{position}/apply as the careers page sends
// it: multipart/form-data with a resume. As ours: the token, the open
// published position, every field checked, a repeat within
// recruiting.RepeatWindow answered with the first application, the file
// stored before the transaction and removed when no row came of it.
func (h *handWritten) apply(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	company, positionID := r.PathValue("company"), r.PathValue("position")
	var companyName, token string
	err := h.db.QueryRowContext(ctx, h.sql.company, company).Scan(&companyName, &token)
	if err != nil || subtle.ConstantTimeCompare([]byte(token), []byte(r.URL.Query().Get("token"))) != 1 {
		http.Error(w, "invalid token", http.StatusUnauthorized)
		return
	}
	var positionName, status string
	err = h.db.QueryRowContext(ctx, h.applies.position, positionID, company, true, false).Scan(&positionName, &status)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		http.Error(w, "no such position", http.StatusNotFound)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	case status != "OPEN":
		http.Error(w, "position closed", http.StatusConflict)
		return
	}
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	defer r.MultipartForm.RemoveAll()
	if r.FormValue("website") != "" {
		writeApplied(w, hwApplied{ApplicationUID: uid.New("app"), Message: appliedMessage(r.FormValue("first_name"), positionName)})
		return
	}
	app, bad := checkHWApplication(r)
	if err := h.checkAnswers(ctx, r, positionID, company, bad); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if len(bad) > 0 {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusUnprocessableEntity)
		_ = json.NewEncoder(w).Encode(map[string]any{"code": "validation_failed", "fields": bad})
		return
	}
	if prior, err := h.recentApplication(ctx, h.db, company, app.email, positionID, positionName); err != nil || prior != nil {
		h.answerApplied(w, prior, err)
		return
	}
	file, key, err := h.storeResume(ctx, r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	var out *hwApplied
	written := false
	err = h.inTx(ctx, func(tx *sql.Tx) error {
		if h.applies.lock != "" {
			if _, err := tx.ExecContext(ctx, h.applies.lock, app.email+"\n"+positionID); err != nil {
				return err
			}
		}
		if out, err = h.recentApplication(ctx, tx, company, app.email, positionID, positionName); err != nil || out != nil {
			return err
		}
		out, err = h.writeApplication(ctx, tx, company, positionID, positionName, app, file, key)
		written = err == nil
		return err
	})
	// A repeat answers the first application, whose file is stored
	// already: this one's goes, as does that of a failed transaction.
	if !written {
		h.forget(ctx, key)
	}
	h.answerApplied(w, out, err)
}

// forget removes a stored file no row points at.
func (h *handWritten) forget(ctx context.Context, key string) {
	if key == "" {
		return
	}
	if err := h.files.Delete(context.WithoutCancel(ctx), key); err != nil {
		slog.WarnContext(ctx, "deleting an orphaned stored file", "error", err)
	}
}

func (h *handWritten) answerApplied(w http.ResponseWriter, out *hwApplied, err error) {
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeApplied(w, *out)
}

func writeApplied(w http.ResponseWriter, out hwApplied) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusCreated)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(out)
}

func appliedMessage(first, position string) string {
	return fmt.Sprintf("Thank you, %s: your application for %s was received. We will be in touch by e-mail.", first, position)
}

// querier is a pool or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// recentApplication is the application of email to the position within
// recruiting.RepeatWindow, or nil.
func (h *handWritten) recentApplication(ctx context.Context, q querier, company, email, positionID, positionName string) (*hwApplied, error) {
	var id, first string
	err := q.QueryRowContext(ctx, h.applies.recent, company, email, time.Now().UTC().Add(-recruiting.RepeatWindow), positionID).Scan(&id, &first)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &hwApplied{ApplicationUID: id, Message: appliedMessage(first, positionName)}, nil
}

// storeResume checks the resume (size, type sniffed from its bytes) and
// writes it through the file store ours uses, outside the transaction.
func (h *handWritten) storeResume(ctx context.Context, r *http.Request) (*filestore.File, string, error) {
	f, header, err := r.FormFile("resume")
	if errors.Is(err, http.ErrMissingFile) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	file, err := h.files.Check("resume", header.Filename, f)
	if err != nil {
		return nil, "", err
	}
	key, err := h.files.Put(ctx, file)
	return file, key, err
}

// writeApplication makes the applicant a candidate (or finds the live
// candidacy) and records the application, its file and the events.
func (h *handWritten) writeApplication(ctx context.Context, tx *sql.Tx, company, positionID, positionName string, app hwApplication,
	file *filestore.File, key string) (*hwApplied, error) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	var stepID, stepName, stepKind string
	if err := tx.QueryRowContext(ctx, h.applies.firstStep, positionID, company).Scan(&stepID, &stepName, &stepKind); err != nil {
		return nil, fmt.Errorf("the position's first step: %w", err)
	}
	personID, err := h.upsertPerson(ctx, tx, company, app, now)
	if err != nil {
		return nil, err
	}
	c := hwCreatedCandidate{Version: 1, ID: uid.New("can"), PersonID: personID, PositionID: positionID, Status: "IN_PROGRESS",
		CurrentStepID: stepID, Source: app.source, CurrentSteps: []hwStepOut{{Name: stepName, Type: strings.ToLower(stepKind)}},
		CompletedSteps: []hwStepOut{}, TimeCreated: now, TimeLastStatusChanged: now, TimeHiringProcessUpdated: now}
	current, _ := json.Marshal(c.CurrentSteps)
	var inserted string
	err = tx.QueryRowContext(ctx, h.applies.insertCandidate, c.ID, company, personID, positionID, c.Status, c.Source, false, stepID,
		string(current), "[]", now, now, now).Scan(&inserted)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		// The person is a candidate for the position already: the
		// application joins that hiring process.
		if err := tx.QueryRowContext(ctx, h.applies.liveCandidate, personID, positionID, false, company).Scan(&c.ID); err != nil {
			return nil, fmt.Errorf("the live candidacy: %w", err)
		}
	case err != nil:
		return nil, fmt.Errorf("saving candidate: %w", err)
	default:
		if _, err := tx.ExecContext(ctx, h.writes.enterStep, uid.New("cst"), company, c.ID, stepID, stepName, strings.ToLower(stepKind), now, "CAREERS_SITE"); err != nil {
			return nil, err
		}
		changes, _ := json.Marshal([]hwChange{{"status", nil, c.Status}, {"step", nil, stepName}, {"person", nil, personID}})
		data, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		if err := h.recordEvent(ctx, tx, company, hwEvent{verb: "candidate.created", objectType: "Candidate", objectID: c.ID, actor: careersSite,
			candidate: c.ID, position: positionID, person: personID, changes: changes, data: data, at: now}); err != nil {
			return nil, err
		}
	}
	appID := uid.New("app")
	if _, err := tx.ExecContext(ctx, h.applies.insertApplication, appID, company, c.ID, app.email, app.source, app.linkedIn, app.coverLetter,
		"[]", "[]", app.consentText, now, now); err != nil {
		return nil, fmt.Errorf("saving application: %w", err)
	}
	if err := h.insertFile(ctx, tx, company, c.ID, file, key, now); err != nil {
		return nil, err
	}
	changes, _ := json.Marshal([]hwChange{{"source", nil, app.source}})
	if err := h.recordEvent(ctx, tx, company, hwEvent{verb: recruiting.VerbCandidateApplied, objectType: "Application", objectID: appID, actor: careersSite,
		candidate: c.ID, position: positionID, person: personID, changes: changes, data: []byte("null"), at: now}); err != nil {
		return nil, err
	}
	if err := h.indexCandidate(ctx, tx, company, c.ID, personID); err != nil {
		return nil, err
	}
	return &hwApplied{ApplicationUID: appID, Message: appliedMessage(app.first, positionName)}, nil
}

// insertFile records the stored resume, if any, and queues the reading
// of its text for search, as ours does for a PDF or DOCX.
func (h *handWritten) insertFile(ctx context.Context, tx *sql.Tx, company, candidateID string, file *filestore.File, key string, now time.Time) error {
	if file == nil {
		return nil
	}
	id := uid.New("fil")
	if _, err := tx.ExecContext(ctx, h.applies.insertFile, id, company, candidateID, "RESUME", file.Name, file.ContentType,
		len(file.Content), key, now); err != nil {
		return fmt.Errorf("recording file: %w", err)
	}
	if !recruiting.TextReadable(file.ContentType) {
		return nil
	}
	return h.fileText.EnqueueFileTextSQL(ctx, tx, id)
}

// careersSite is the actor of an application's events.
var careersSite = &hwActor{typ: "CAREERS_SITE", id: "", name: "careers site"}

type hwChange struct {
	Field  string `json:"field"`
	Before any    `json:"before"`
	After  any    `json:"after"`
}

// upsertPerson finds the person by e-mail or makes one; of racing
// inserts the (company, e-mail) index keeps one and the others re-read it.
func (h *handWritten) upsertPerson(ctx context.Context, tx *sql.Tx, company string, app hwApplication, now time.Time) (string, error) {
	var id string
	err := tx.QueryRowContext(ctx, h.applies.findPerson, app.email, company).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return id, err
	}
	err = tx.QueryRowContext(ctx, h.applies.insertPerson, uid.New("per"), company, app.first, app.last, app.email, app.email,
		sql.NullString{String: app.phone, Valid: app.phone != ""}, now, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = tx.QueryRowContext(ctx, h.applies.findPerson, app.email, company).Scan(&id)
	}
	return id, err
}

// checkHWApplication checks the form's fields by the rules ours applies
// (recruiting.checkApplication) and returns the faults by field.
func checkHWApplication(r *http.Request) (hwApplication, map[string]string) {
	bad := map[string]string{}
	field := func(name string) string { return strings.TrimSpace(r.FormValue(name)) }
	app := hwApplication{first: field("first_name"), last: field("last_name"), phone: field("phone"),
		linkedIn: field("linkedin_url"), source: field("source"), consentText: field("consent_text")}
	for name, v := range map[string]string{"first_name": app.first, "last_name": app.last} {
		switch {
		case v == "":
			bad[name] = "please fill this in"
		case len(v) > 100:
			bad[name] = "must be at most 100 characters"
		case strings.IndexFunc(v, unicode.IsControl) >= 0 || strings.ContainsAny(v, "<>"):
			bad[name] = "must be plain text"
		}
	}
	email := field("email")
	addr, err := mail.ParseAddress(email)
	at := strings.LastIndexByte(email, '@')
	if err != nil || addr.Address != email || len(email) > 320 || at < 1 || !strings.Contains(email[at:], ".") {
		bad["email"] = "must be an e-mail address like ada@example.com"
	}
	app.email = strings.ToLower(email)
	if app.phone != "" && (len(app.phone) > 50 || strings.Trim(app.phone, "0123456789 +-().") != "" ||
		len(strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, app.phone)) < 5) {
		bad["phone"] = "must be a phone number of 5 to 50 characters"
	}
	if app.linkedIn != "" {
		if !strings.Contains(app.linkedIn, "://") {
			app.linkedIn = "https://" + app.linkedIn
		}
		u, err := url.Parse(app.linkedIn)
		if err != nil || u.Scheme != "https" || u.User != nil || len(app.linkedIn) > 2000 ||
			(u.Hostname() != "linkedin.com" && !strings.HasSuffix(strings.ToLower(u.Hostname()), ".linkedin.com")) {
			bad["linkedin_url"] = "must be a link to a LinkedIn profile"
		}
	}
	if letter := field("cover_letter"); utf8.RuneCountInString(letter) > 20000 {
		bad["cover_letter"] = "must be at most 20000 characters"
	} else if letter != "" {
		app.coverLetter = sanitize.PlainText(letter)
	}
	switch {
	case app.source == "":
		app.source = recruiting.DefaultSource
	case len(app.source) > 200 || strings.IndexFunc(app.source, unicode.IsControl) >= 0:
		bad["source"] = "must be at most 200 characters of text"
	}
	switch strings.ToLower(field("consent")) {
	case "on", "true", "1", "yes":
	default:
		bad["consent"] = "please agree to the processing of your data to apply"
	}
	if app.consentText == "" || utf8.RuneCountInString(app.consentText) > 4000 {
		bad["consent_text"] = "the text you agreed to is missing or too long"
	}
	return app, bad
}

// checkAnswers reads the position's questions and refuses a missing
// answer to a required one and any answer to a question not asked.
func (h *handWritten) checkAnswers(ctx context.Context, r *http.Request, positionID, company string, bad map[string]string) error {
	rows, err := h.db.QueryContext(ctx, h.applies.questions, positionID, company)
	if err != nil {
		return err
	}
	defer rows.Close()
	asked := map[string]bool{}
	for rows.Next() {
		var id string
		var raw []byte
		if err := rows.Scan(&id, &raw); err != nil {
			return err
		}
		var questions []struct {
			Required bool `json:"required"`
		}
		if err := json.Unmarshal(raw, &questions); err != nil {
			return err
		}
		for i, q := range questions {
			name := fmt.Sprintf("answers[%s:%d]", id, i)
			asked[name] = true
			if q.Required && strings.TrimSpace(r.FormValue(name)) == "" {
				bad[name] = "please answer this question"
			}
		}
	}
	for name := range r.MultipartForm.Value {
		if strings.HasPrefix(name, "answers[") && !asked[name] {
			bad[name] = "the position asks no such question"
		}
	}
	return rows.Err()
}

// resumePDF is the benchmarked resume: a small PDF, as the sniffer sees it.
const resumePDF = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
	"trailer << /Root 1 0 R >>\n%%EOF\n"
