package rule

import (
	"context"

	"entgo.io/ent/dialect/sql"
	"entgo.io/ent/entql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/note"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// privateNoteReader returns the user whose own private notes the reader of
// ctx sees, and whether the reader is limited to those: false for holders
// of notes:view_private and for the service's own work (no viewer).
func privateNoteReader(ctx context.Context) (userID string, limited bool) {
	v, ok := viewer.FromContext(ctx)
	if !ok || v.Has(permission.ViewPrivateNotes) {
		return "", false
	}
	return v.UserID, true
}

// FilterPrivateNotes hides private notes from readers without
// notes:view_private, except the notes they wrote themselves. As a query
// rule of Note it holds for lists, node lookups, nested edges and REST.
func FilterPrivateNotes() privacy.QueryRule {
	return privacy.FilterFunc(func(ctx context.Context, f privacy.Filter) error {
		author, limited := privateNoteReader(ctx)
		if !limited {
			return privacy.Skip
		}
		readable := entql.FieldEQ(note.FieldPrivate, false)
		if author != "" {
			readable = entql.Or(readable, entql.FieldEQ(note.FieldAuthorID, author))
		}
		if nf, ok := f.(*ent.NoteFilter); ok {
			nf.Where(readable)
		}
		return privacy.Skip
	})
}

// HidePrivateNoteActivities hides the timeline entries and events of the
// private notes FilterPrivateNotes hides: the entry's event carries the
// note's text.
func HidePrivateNoteActivities() privacy.QueryRule {
	return privacy.ActivityQueryRuleFunc(func(ctx context.Context, q *ent.ActivityQuery) error {
		author, limited := privateNoteReader(ctx)
		if !limited {
			return privacy.Skip
		}
		q.Where(func(s *sql.Selector) {
			n := sql.Table(note.Table).As("private_note")
			hidden := sql.And(sql.ColumnsEQ(n.C(note.FieldID), s.C(activity.FieldObjectID)), sql.EQ(n.C(note.FieldPrivate), true))
			if author != "" {
				hidden = sql.And(hidden, sql.Or(sql.IsNull(n.C(note.FieldAuthorID)), sql.NEQ(n.C(note.FieldAuthorID), author)))
			}
			s.Where(sql.Not(sql.And(
				sql.EQ(s.C(activity.FieldObjectType), "Note"),
				sql.Exists(sql.Select(n.C(note.FieldID)).From(n).Where(hidden)),
			)))
		})
		return privacy.Skip
	})
}
