package bench

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/sanitize"
	"github.com/hiregraph/hiregraph/recruiting"
)

// hwWriteStatements are the statements of the floor's writes: one
// transaction that locks the candidate's row, writes the record, takes
// the company's next event number, records the activity (the event) and
// moves the candidate's and person's last activity, as ours does.
type hwWriteStatements struct {
	lockCandidate, findContact, insertContact, insertNote, nextEvent, insertActivity, touchCandidate, touchPerson string
	lockForMove, step, leaveStep, enterStep, stays, updateSteps                                                   string
}

func (h *handWritten) writeStatements() hwWriteStatements {
	// As ours: a lock that does not block inserts referencing the row, and
	// an event's place without a company-wide counter (recruiting.nextPlace).
	forUpdate := ""
	nextEvent := `SELECT 0, COALESCE(MAX(sequence), 0) + 1 FROM activities WHERE company_id = ? AND txid = 0`
	if h.dialect == dialect.Postgres {
		forUpdate = ` FOR NO KEY UPDATE`
		nextEvent = `SELECT pg_current_xact_id()::text::bigint, nextval('activity_sequence')`
	}
	lock := `SELECT position_id, person_id FROM candidates WHERE id = ? AND company_id = ? AND deleted = ?` + forUpdate
	return hwWriteStatements{
		lockCandidate: h.q(lock),
		findContact: h.q(`SELECT id FROM contacts WHERE company_id = ? AND type = ? AND first_name = ? AND last_name = ?
			AND (email IS NULL OR email = ?) ORDER BY id LIMIT 1`),
		insertContact: h.q(`INSERT INTO contacts (id, company_id, type, first_name, middle_name, last_name, email, time_created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		insertNote:    h.q(`INSERT INTO notes (id, company_id, candidate_id, time_created, created_by, text, details) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		nextEvent:     h.q(nextEvent),
		insertActivity: h.q(`INSERT INTO activities (id, company_id, verb, actor_type, actor_id, actor_name, object_type, object_id, changes,
			time_created, candidate_id, position_id, txid, sequence, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		touchCandidate: h.q(`UPDATE candidates SET time_hiring_process_updated = ? WHERE id = ? AND company_id = ? AND time_hiring_process_updated < ?`),
		lockForMove: h.q(`SELECT id, person_id, position_id, status, current_step_id, rejection_reason_id, rejection_note, source, address,
			time_created, time_last_status_changed, time_hiring_process_updated FROM candidates WHERE id = ? AND company_id = ? AND deleted = ?` + forUpdate),
		step:      h.q(`SELECT name, kind FROM pipeline_steps WHERE id = ? AND position_id = ? AND company_id = ?`),
		leaveStep: h.q(`UPDATE candidate_steps SET time_left = ?, left_by = ? WHERE candidate_id = ? AND company_id = ? AND time_left IS NULL`),
		enterStep: h.q(`INSERT INTO candidate_steps (id, company_id, candidate_id, step_id, name, kind, time_entered, entered_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		stays: h.q(`SELECT name, kind, time_scheduled, time_left FROM candidate_steps WHERE candidate_id = ? AND company_id = ?
			ORDER BY time_entered, id`),
		updateSteps: h.q(`UPDATE candidates SET current_step_id = ?, current_steps = ?, completed_steps = ? WHERE id = ? AND company_id = ?`),
		touchPerson: h.q(`UPDATE persons SET time_last_activity = ? WHERE id = ? AND company_id = ? AND time_last_activity < ?`),
	}
}

// noteBody is the benchmarked note, written by an app: both sides find its
// contact by name (the first note creates it).
const noteBody = `{"time_created": "2026-03-01T10:00:00Z", "created_by": {"type": "app", "first_name": "Bench"}, "text": "Called back, <b>strong</b> fit<script>x()</script>"}`

type hwParty struct {
	Type string `json:"type"`
	UID  string `json:"uid"`
}

type hwNote struct {
	UID         string     `json:"uid"`
	TimeCreated string     `json:"time_created"`
	CreatedBy   hwParty    `json:"created_by"`
	Text        string     `json:"text"`
	Details     []struct{} `json:"details"`
}

// createNote is POST /v1/candidates/{uid}/notes for noteBody's shape.
func (h *handWritten) createNote(w http.ResponseWriter, r *http.Request, company string) {
	var in struct {
		CreatedBy struct {
			Type      string `json:"type"`
			FirstName string `json:"first_name"`
		} `json:"created_by"`
		Text        string    `json:"text"`
		TimeCreated time.Time `json:"time_created"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.CreatedBy.Type != "app" || in.TimeCreated.After(time.Now()) {
		http.Error(w, "bad note", http.StatusBadRequest)
		return
	}
	candidateID := r.PathValue("uid")
	now := time.Now().UTC().Truncate(time.Microsecond)
	note := hwNote{UID: uid.New("not"), TimeCreated: apitime.Format(in.TimeCreated), CreatedBy: hwParty{Type: "app"},
		Text: sanitize.NoteText(in.Text), Details: []struct{}{}}
	err := h.inTx(r.Context(), func(tx *sql.Tx) error {
		var position, person string
		if err := tx.QueryRowContext(r.Context(), h.writes.lockCandidate, candidateID, company, false).Scan(&position, &person); err != nil {
			return err
		}
		var err error
		if note.CreatedBy.UID, err = h.contact(r.Context(), tx, company, "app", in.CreatedBy.FirstName); err != nil {
			return err
		}
		createdBy, _ := json.Marshal(map[string]string{"type": "app", "first_name": in.CreatedBy.FirstName, "uid": note.CreatedBy.UID})
		if _, err := tx.ExecContext(r.Context(), h.writes.insertNote, note.UID, company, candidateID, in.TimeCreated.UTC(), string(createdBy), note.Text, "[]"); err != nil {
			return fmt.Errorf("saving note: %w", err)
		}
		data, err := json.Marshal(note)
		if err != nil {
			return err
		}
		err = h.recordEvent(r.Context(), tx, company, hwEvent{verb: "note.created", objectType: "Note", objectID: note.UID,
			candidate: candidateID, position: position, person: person, data: data, at: now})
		if err != nil {
			return err
		}
		return h.indexCandidate(r.Context(), tx, company, candidateID, person)
	})
	if errors.Is(err, sql.ErrNoRows) {
		http.Error(w, "no such candidate", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusCreated)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(note)
}

// contact finds the contact of that type and name without an e-mail, or
// creates it.
func (h *handWritten) contact(ctx context.Context, tx *sql.Tx, company, typ, first string) (string, error) {
	var id string
	err := tx.QueryRowContext(ctx, h.writes.findContact, company, typ, first, "", "").Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return id, err
	}
	id = uid.New("ctc")
	_, err = tx.ExecContext(ctx, h.writes.insertContact, id, company, typ, first, "", "", "", time.Now().UTC())
	return id, err
}

// hwEvent is an activity of a candidate, with its event's data.
type hwEvent struct {
	verb, objectType, objectID  string
	actor                       *hwActor // nil: the API key
	candidate, position, person string
	changes, data               []byte
	at                          time.Time
}

// hwActor is who did what an event records, when not the API key.
type hwActor struct{ typ, id, name string }

// recordEvent takes the event's place in the feed, records the activity
// with it and moves the candidate's and person's last activity to e.at.
func (h *handWritten) recordEvent(ctx context.Context, tx *sql.Tx, company string, e hwEvent) error {
	var txid, seq int64
	args := []any{company}
	if h.dialect == dialect.Postgres {
		args = nil
	}
	if err := tx.QueryRowContext(ctx, h.writes.nextEvent, args...).Scan(&txid, &seq); err != nil {
		return fmt.Errorf("taking the event's place: %w", err)
	}
	changes := e.changes
	if changes == nil {
		changes = []byte("[]")
	}
	actor := []any{"API_KEY", nil, nil}
	if e.actor != nil {
		actor = []any{e.actor.typ, e.actor.id, e.actor.name}
	}
	if _, err := tx.ExecContext(ctx, h.writes.insertActivity, uid.New("act"), company, e.verb, actor[0], actor[1], actor[2], e.objectType, e.objectID,
		string(changes), e.at, e.candidate, e.position, txid, seq, string(e.data)); err != nil {
		return fmt.Errorf("recording activity: %w", err)
	}
	if _, err := tx.ExecContext(ctx, h.writes.touchCandidate, e.at, e.candidate, company, e.at); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, h.writes.touchPerson, e.at, e.person, company, e.at)
	return err
}

// inTx runs fn in one transaction of the write pool, committed when fn
// succeeds.
func (h *handWritten) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := h.writeDB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// moveQuery is the benchmarked move; its answer is the candidate's id and
// status.
const moveQuery = `mutation($id: ID!, $to: ID!) { moveCandidate(id: $id, toStepID: $to) { id status } }`

// hwMovedCandidate is the candidate row, as the move's event records it.
type hwMovedCandidate struct {
	ID                       string          `json:"id"`
	CompanyID                string          `json:"company_id"`
	PersonID                 string          `json:"person_id"`
	PositionID               string          `json:"position_id"`
	Status                   string          `json:"status"`
	CurrentStepID            string          `json:"current_step_id"`
	RejectionReasonID        *string         `json:"rejection_reason_id,omitempty"`
	RejectionNote            *string         `json:"rejection_note,omitempty"`
	Source                   json.RawMessage `json:"source,omitempty"`
	CurrentSteps             []hwStep        `json:"current_steps"`
	CompletedSteps           []hwStep        `json:"completed_steps"`
	Address                  json.RawMessage `json:"address,omitempty"`
	TimeCreated              time.Time       `json:"time_created"`
	TimeLastStatusChanged    time.Time       `json:"time_last_status_changed"`
	TimeHiringProcessUpdated time.Time       `json:"time_hiring_process_updated"`
}

type hwMoveAnswer struct {
	Data struct {
		MoveCandidate struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"moveCandidate"`
	} `json:"data"`
}

// moveCandidate answers moveQuery in one transaction: the candidate's row
// locked, the step checked, the open stay closed and the new one opened,
// the steps derived from the stays, the candidate updated, the event.
func (h *handWritten) moveCandidate(w http.ResponseWriter, r *http.Request, company string, body []byte) {
	ctx := r.Context()
	var in struct {
		Variables struct{ ID, To string } `json:"variables"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	var c hwMovedCandidate
	err := h.inTx(ctx, func(tx *sql.Tx) error {
		var reason, note, source sql.NullString
		var address []byte
		if err := tx.QueryRowContext(ctx, h.writes.lockForMove, in.Variables.ID, company, false).Scan(&c.ID, &c.PersonID, &c.PositionID, &c.Status,
			&c.CurrentStepID, &reason, &note, &source, &address, flexTime{&c.TimeCreated}, flexTime{&c.TimeLastStatusChanged},
			flexTime{&c.TimeHiringProcessUpdated}); err != nil {
			return err
		}
		c.CompanyID, c.RejectionReasonID, c.RejectionNote, c.Address = company, nullable(reason), nullable(note), address
		if source.Valid {
			c.Source = json.RawMessage(source.String)
		}
		var name, kind string
		if err := tx.QueryRowContext(ctx, h.writes.step, in.Variables.To, c.PositionID, company).Scan(&name, &kind); err != nil {
			return err
		}
		if c.Status != "IN_PROGRESS" || kind == "HIRED" || c.CurrentStepID == in.Variables.To {
			return errIllegalMove
		}
		if _, err := tx.ExecContext(ctx, h.writes.leaveStep, now, "API_KEY", c.ID, company); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, h.writes.enterStep, uid.New("cst"), company, c.ID, in.Variables.To, name, strings.ToLower(kind), now, "API_KEY"); err != nil {
			return err
		}
		before := ""
		if err := h.deriveSteps(ctx, tx, company, &c, &before); err != nil {
			return err
		}
		current, _ := json.Marshal(c.CurrentSteps)
		completed, _ := json.Marshal(c.CompletedSteps)
		c.CurrentStepID = in.Variables.To
		if _, err := tx.ExecContext(ctx, h.writes.updateSteps, c.CurrentStepID, string(current), string(completed), c.ID, company); err != nil {
			return err
		}
		changes, _ := json.Marshal([]map[string]any{{"field": "step", "from": before, "to": name}})
		data, err := json.Marshal(c)
		if err != nil {
			return err
		}
		return h.recordEvent(ctx, tx, company, hwEvent{verb: "candidate.moved", objectType: "Candidate", objectID: c.ID,
			candidate: c.ID, position: c.PositionID, person: c.PersonID, changes: changes, data: data, at: now})
	})
	switch {
	case errors.Is(err, sql.ErrNoRows):
		http.Error(w, "no such candidate or step", http.StatusNotFound)
		return
	case errors.Is(err, errIllegalMove):
		http.Error(w, err.Error(), http.StatusConflict)
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var answer hwMoveAnswer
	answer.Data.MoveCandidate.ID, answer.Data.MoveCandidate.Status = c.ID, c.Status
	writeJSON(w, answer)
}

var errIllegalMove = errors.New("illegal move")

// deriveSteps reads the candidate's stays as its current and completed
// steps, and the name of the step it left into before.
func (h *handWritten) deriveSteps(ctx context.Context, tx *sql.Tx, company string, c *hwMovedCandidate, before *string) error {
	rows, err := tx.QueryContext(ctx, h.writes.stays, c.ID, company)
	if err != nil {
		return err
	}
	defer rows.Close()
	c.CurrentSteps, c.CompletedSteps = []hwStep{}, []hwStep{}
	for rows.Next() {
		var st hwStep
		var scheduled, left time.Time
		if err := rows.Scan(&st.Name, &st.Type, flexTime{&scheduled}, flexTime{&left}); err != nil {
			return err
		}
		if !scheduled.IsZero() {
			st.TimeScheduled = &scheduled
		}
		if left.IsZero() {
			c.CurrentSteps = append(c.CurrentSteps, st)
			continue
		}
		st.TimeCompleted = &left
		c.CompletedSteps = append(c.CompletedSteps, st)
		*before = st.Name
	}
	return rows.Err()
}

// hwSearchStatements are the statements of the floor's search document,
// written in the transaction of a note or an application as ours does
// (recruiting.indexCandidate): the person, the candidate's public notes,
// its applications and its files' text read, the document replaced.
type hwSearchStatements struct {
	person, notes, applications, files string
	// upsert replaces the document on PostgreSQL; on SQLite the
	// full-text row goes first, then the document, and both are
	// inserted again.
	upsert, deleteIndex, deleteDocument, insertDocument, insertIndex string
}

func (h *handWritten) searchStatements() hwSearchStatements {
	return hwSearchStatements{
		person: h.q(`SELECT first_name, COALESCE(middle_name, ''), last_name, COALESCE(email, ''), COALESCE(phone, '') FROM persons
			WHERE id = ? AND company_id = ? AND time_erased IS NULL`),
		notes:        h.q(`SELECT text, details FROM notes WHERE candidate_id = ? AND company_id = ? AND private = ? ORDER BY time_created, id`),
		applications: h.q(`SELECT answers, cover_letter FROM applications WHERE candidate_id = ? AND company_id = ?`),
		files:        h.q(`SELECT text FROM candidate_files WHERE candidate_id = ? AND company_id = ? AND text <> '' ORDER BY id`),
		upsert: `INSERT INTO search_documents (candidate_id, company_id, names, phone, content, document)
VALUES ($1, $2, $3, $4, $5, setweight(to_tsvector('simple', $6), 'A') || setweight(to_tsvector('simple', $7), 'B'))
ON CONFLICT (candidate_id) DO UPDATE SET names = excluded.names, phone = excluded.phone, content = excluded.content, document = excluded.document`,
		deleteIndex:    h.q(`DELETE FROM search_index WHERE rowid IN (SELECT id FROM search_documents WHERE candidate_id = ?)`),
		deleteDocument: h.q(`DELETE FROM search_documents WHERE candidate_id = ?`),
		insertDocument: h.q(`INSERT INTO search_documents (candidate_id, company_id, names, phone, body, content) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
		insertIndex:    h.q(`INSERT INTO search_index (rowid, names, phone, body) VALUES (?, ?, ?, ?)`),
	}
}

// indexCandidate writes the candidate's search document in tx, whose
// write holds the candidate's row. An erased person's candidate has none.
func (h *handWritten) indexCandidate(ctx context.Context, tx *sql.Tx, company, candidateID, personID string) error {
	doc := recruiting.SearchDocument{CandidateID: candidateID, CompanyID: company, Lines: make([]string, 3, 8)}
	var first, middle, last string
	err := tx.QueryRowContext(ctx, h.index.person, personID, company).Scan(&first, &middle, &last, &doc.Lines[1], &doc.Lines[2])
	if errors.Is(err, sql.ErrNoRows) {
		return h.deleteSearchDocument(ctx, tx, candidateID)
	}
	if err != nil {
		return fmt.Errorf("reading the person to index: %w", err)
	}
	doc.Lines[0] = strings.Join(strings.Fields(first+" "+middle+" "+last), " ")
	if err := h.searchLines(ctx, tx, &doc, company); err != nil {
		return fmt.Errorf("reading the text to index: %w", err)
	}
	if h.dialect == dialect.Postgres {
		_, err := tx.ExecContext(ctx, h.index.upsert, candidateID, company, doc.Names(), doc.Phone(), doc.Content(), doc.Heading(), doc.Body())
		return err
	}
	if err := h.deleteSearchDocument(ctx, tx, candidateID); err != nil {
		return err
	}
	body := doc.Heading() + " " + doc.Body()
	var id int64
	if err := tx.QueryRowContext(ctx, h.index.insertDocument, candidateID, company, doc.Names(), doc.Phone(), body, doc.Content()).Scan(&id); err != nil {
		return fmt.Errorf("indexing: %w", err)
	}
	_, err = tx.ExecContext(ctx, h.index.insertIndex, id, doc.Names(), doc.Phone(), body)
	return err
}

// searchLines appends the candidate's public notes, its applications'
// answers and cover letters and its files' text to doc's lines.
func (h *handWritten) searchLines(ctx context.Context, tx *sql.Tx, doc *recruiting.SearchDocument, company string) error {
	err := h.eachRow(ctx, tx, h.index.notes, []any{doc.CandidateID, company, false}, func(rows *sql.Rows) error {
		var text string
		var details []byte
		if err := rows.Scan(&text, &details); err != nil {
			return err
		}
		doc.Lines = append(doc.Lines, recruiting.SearchLine(text))
		var ds []schematype.NoteDetail
		if err := json.Unmarshal(details, &ds); err != nil {
			return err
		}
		for _, d := range ds {
			doc.Lines = append(doc.Lines, recruiting.SearchLine(d.Title+": "+d.Text))
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = h.eachRow(ctx, tx, h.index.applications, []any{doc.CandidateID, company}, func(rows *sql.Rows) error {
		var answers []byte
		var letter string
		if err := rows.Scan(&answers, &letter); err != nil {
			return err
		}
		var as []schematype.NamedValue
		if err := json.Unmarshal(answers, &as); err != nil {
			return err
		}
		for _, a := range as {
			doc.Lines = append(doc.Lines, recruiting.SearchLine(a.Name+": "+a.Value))
		}
		if letter != "" {
			doc.Lines = append(doc.Lines, recruiting.SearchLine(letter))
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.eachRow(ctx, tx, h.index.files, []any{doc.CandidateID, company}, func(rows *sql.Rows) error {
		var text string
		if err := rows.Scan(&text); err != nil {
			return err
		}
		doc.Lines = append(doc.Lines, recruiting.SearchFileLine(text))
		return nil
	})
}

// eachRow runs query in tx and calls fn on each row.
func (h *handWritten) eachRow(ctx context.Context, tx *sql.Tx, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// deleteSearchDocument takes the candidate out of the index.
func (h *handWritten) deleteSearchDocument(ctx context.Context, tx *sql.Tx, candidateID string) error {
	if h.dialect != dialect.Postgres {
		if _, err := tx.ExecContext(ctx, h.index.deleteIndex, candidateID); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, h.index.deleteDocument, candidateID)
	return err
}
