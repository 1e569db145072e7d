package generated

import (
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// plainField writes one scalar field read straight off an object of type
// T, with the scalar's own marshaler and no field context: the value
// cannot fail, so the context would only have named it in an error.
type plainField[T any] struct {
	write func(w io.Writer, obj T)
	// null tells whether a non-null field has no value, which is an error;
	// nil when the field cannot be null.
	null func(obj T) bool
}

// plainFields are the plain fields of one object type, by name;
// graph/genpatch.go generates one table per type that has any.
type plainFields[T any] struct {
	typeName string
	byName   map[string]plainField[T]
}

// plainObjectValue answers obj written through its type's plain fields
// when every field selected is one (or __typename), or nil when one is not
// or a non-null one has no value: the caller then resolves each field on
// its own, which reports the error. graph/genpatch.go puts the call at the
// top of every object with plain fields. A list's rows are mostly such
// objects (a node's id, name and status), and each field on its own costs
// a field context, a field set slot, panic recovery and its marshaler per
// row.
func plainObjectValue[T any](collected *collectedFields, fields []graphql.CollectedField, obj T, table *plainFields[T]) graphql.Marshaler {
	if len(fields) == 0 {
		return nil
	}
	plan, known := collected.plan(fields)
	if !known {
		plan = planPlain(fields, table)
		collected.remember(fields, plan)
	}
	writers, ok := plan.([]plainField[T])
	if !ok {
		return nil
	}
	for _, f := range writers {
		if f.null != nil && f.null(obj) {
			return nil
		}
	}
	return &plainScalars[T]{fields: fields, writers: writers, obj: obj}
}

// planPlain answers, for each of fields, how table writes it, or false
// when one is not plain.
func planPlain[T any](fields []graphql.CollectedField, table *plainFields[T]) any {
	plan := make([]plainField[T], len(fields))
	for i, field := range fields {
		if field.IsDeferred() {
			return false
		}
		if field.Name == "__typename" {
			typeName := graphql.MarshalString(table.typeName)
			plan[i] = plainField[T]{write: func(w io.Writer, _ T) { typeName.MarshalGQL(w) }}
			continue
		}
		f, ok := table.byName[field.Name]
		if !ok {
			return false
		}
		plan[i] = f
	}
	return plan
}

// plainScalars is an object all of whose fields are plain, written as
// object writes its values.
type plainScalars[T any] struct {
	fields  []graphql.CollectedField
	writers []plainField[T]
	obj     T
}

func (o *plainScalars[T]) MarshalGQL(w io.Writer) {
	writeObject(w, o.fields, func(i int) { o.writers[i].write(w, o.obj) })
}
