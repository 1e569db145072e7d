package recruiting

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/eventcounter"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// makeEvent makes the activity that create writes an event: it gives it the
// company's next place in the change feed and the shape of the record acted
// on. The number comes from the company's counter row, which stays locked
// until the transaction ends (README, Events).
func makeEvent(ctx context.Context, client *ent.Client, create *ent.ActivityCreate, a Activity) error {
	companyID := viewerCompany(ctx)
	if companyID == "" {
		return fmt.Errorf("event %s: no company to number it in", a.Verb)
	}
	seq, err := nextSequence(ctx, client, companyID)
	if err != nil {
		return err
	}
	data, err := objectJSON(a.Object)
	if err != nil {
		return fmt.Errorf("encoding the %s of event %s: %w", a.ObjectType, a.Verb, err)
	}
	create.SetSequence(seq).SetData(data)
	return nil
}

// Events is the query of the company's events: the activities with a place
// in the change feed (those recorded before events existed have none).
func Events(client *ent.Client) *ent.ActivityQuery {
	return client.Activity.Query().Where(activity.SequenceNotNil())
}

// announcementOf is what the broker tells subscribers and the webhook relay
// of the event act.
func announcementOf(act *ent.Activity) Announcement {
	return Announcement{
		CompanyID: act.CompanyID, EventID: act.ID, Type: act.Verb, ObjectType: act.ObjectType,
		CandidateID: deref(act.CandidateID), PositionID: deref(act.PositionID),
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// nextSequence increments the company's event counter and returns its new
// value, in one statement (upsert with RETURNING, PostgreSQL and SQLite
// 3.35+): it is on every write's path. The upsert locks the counter row
// (PostgreSQL) until the transaction ends, so a second writer of the
// company waits here until the first commits or rolls back: numbers are
// taken in commit order and a rollback gives its number back. Writers of
// other companies never wait.
func nextSequence(ctx context.Context, client *ent.Client, companyID string) (int64, error) {
	rows, err := client.QueryContext(ctx, `INSERT INTO `+eventcounter.Table+` (id, company_id, last) VALUES ($1, $2, 1)
ON CONFLICT (company_id) DO UPDATE SET last = `+eventcounter.Table+`.last + 1 RETURNING last`, uid.New("evc"), companyID)
	if err != nil {
		return 0, fmt.Errorf("taking the next event number: %w", err)
	}
	defer rows.Close()
	var last int64
	if !rows.Next() {
		return 0, fmt.Errorf("taking the next event number: no row (%v)", rows.Err())
	}
	if err := rows.Scan(&last); err != nil {
		return 0, fmt.Errorf("reading the event number: %w", err)
	}
	return last, rows.Close()
}

// objectJSON is the record as JSON without ent's edges (empty unless
// loaded, and never part of a record's own shape), encoded in one pass: a
// struct is copied into its edgeless shape (recordShape) first.
func objectJSON(object any) (json.RawMessage, error) {
	v := reflect.ValueOf(object)
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return json.Marshal(object)
	}
	shape := shapeOf(v.Type())
	out := reflect.New(shape.typ).Elem()
	for i, f := range shape.fields {
		out.Field(i).Set(v.Field(f))
	}
	return json.Marshal(out.Addr().Interface())
}

// recordShape is a struct type with a record's exported fields but its
// edges, and where each of them is in the record.
type recordShape struct {
	typ    reflect.Type
	fields []int
}

// shapes caches the recordShape of each record type (reflect.Type to
// *recordShape): encoding/json caches its encoder by type, so the shape's
// type must be one value.
var shapes sync.Map

func shapeOf(t reflect.Type) *recordShape {
	if s, ok := shapes.Load(t); ok {
		return s.(*recordShape)
	}
	s := &recordShape{}
	var fields []reflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Name == "Edges" {
			continue
		}
		fields = append(fields, reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag})
		s.fields = append(s.fields, i)
	}
	s.typ = reflect.StructOf(fields)
	actual, _ := shapes.LoadOrStore(t, s)
	return actual.(*recordShape)
}
