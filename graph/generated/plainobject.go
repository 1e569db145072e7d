package generated

import (
	"context"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// plainField writes one field read straight off an object of type T,
// without a field context: its value cannot fail, so the context would
// only have named it in an error. A scalar's is written by its own
// marshaler; an object's, or a list of objects', through their plain
// fields in turn.
type plainField[T any] struct {
	write func(w io.Writer, obj T)
	// null tells whether a non-null scalar has no value, which is an
	// error; nil when the field cannot be null.
	null func(obj T) bool
	// child answers an object or list field's value written through plain
	// fields, or nil when it cannot be.
	child func(ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, obj T) graphql.Marshaler
	// slot is a child's place among the object's children, set by
	// planPlain.
	slot int
}

// plainFields are the plain fields of one object type, by name;
// internal/codegen generates one table per type.
type plainFields[T any] struct {
	typeName string
	byName   map[string]plainField[T]
}

// plainObjectValue answers obj written through its type's plain fields
// when every field selected, down to the leaves, is one (or __typename),
// or nil when one is not or a non-null one has no value: the caller then
// resolves each field on its own, which reports the error.
// internal/codegen puts the call at the top of every object function. A
// list's rows are mostly such objects (an edge, its node's id, name and
// status), and each field on its own costs a field context, a field set
// slot, panic recovery and its marshaler per row.
func plainObjectValue[T any](ctx context.Context, c *collectedFields, oc *graphql.OperationContext, fields []graphql.CollectedField, obj T, table *plainFields[T]) graphql.Marshaler {
	// Field middleware sees each field, which only the object's own
	// function resolves one by one.
	if len(fields) == 0 || fieldMiddlewareRegistered(oc) {
		return nil
	}
	plan, known := c.plan(fields)
	if !known {
		plan = planPlain(fields, table)
		c.remember(fields, plan)
	}
	p, ok := plan.(*plainPlan[T])
	if !ok {
		return nil
	}
	out := &plainWriter[T]{plan: p, obj: obj}
	out.children = out.inline[:0]
	for i, f := range p.writers {
		switch {
		case f.child != nil:
			v := f.child(ctx, c, oc, fields[i], obj)
			if v == nil {
				return nil
			}
			out.children = append(out.children, v)
		case f.null != nil && f.null(obj):
			return nil
		}
	}
	return out
}

// plainPlan is how an object with a list of fields is written through its
// plain fields: each field's writer, and the key written before its value
// (see objectKeys).
type plainPlan[T any] struct {
	writers []plainField[T]
	keys    []string
}

// planPlain answers, for each of fields, how table writes it, or false
// when one is not plain.
func planPlain[T any](fields []graphql.CollectedField, table *plainFields[T]) any {
	plan := make([]plainField[T], len(fields))
	children := 0
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
		if f.child != nil {
			f.slot = children
			children++
		}
		plan[i] = f
	}
	return &plainPlan[T]{writers: plan, keys: objectKeys(fields)}
}

// plainWriter writes an object through its plain fields, as object
// writes its values.
type plainWriter[T any] struct {
	plan *plainPlan[T]
	obj  T
	// children are the values of the object and list fields, by slot.
	// Most objects have one (an edge's node) or two, which fit in inline
	// without an allocation of their own.
	children []graphql.Marshaler
	inline   [2]graphql.Marshaler
}

func (o *plainWriter[T]) MarshalGQL(w io.Writer) {
	writers := o.plan.writers
	writeKeyed(w, o.plan.keys, func(i int) {
		if writers[i].child != nil {
			o.children[writers[i].slot].MarshalGQL(w)
			return
		}
		writers[i].write(w, o.obj)
	})
}

// plainChild is an object field's value v, of a type with implementors
// and table, written through plain fields (nil when it cannot be; a null
// non-null object is an error its own path reports).
func plainChild[C comparable](ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, v C, nonNull bool, implementors []string, table *plainFields[C]) graphql.Marshaler {
	return plainElement(ctx, c, oc, c.of(oc, field.Selections, implementors), v, nonNull, table)
}

// plainList is plainChild for a list of objects: nullable tells whether
// the list may be null, nonNull whether its elements may not. A missing
// non-null list is empty, as gqlgen writes it. Its elements' fields are
// collected once for the list, not once per element.
func plainList[C comparable](ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, v []C, nullable, nonNull bool, implementors []string, table *plainFields[C]) graphql.Marshaler {
	if v == nil && nullable {
		return graphql.Null
	}
	fields := c.of(oc, field.Selections, implementors)
	out := make(graphql.Array, len(v))
	for i := range v {
		if out[i] = plainElement(ctx, c, oc, fields, v[i], nonNull, table); out[i] == nil {
			return nil
		}
	}
	return out
}

// plainElement is plainChild's value for v, whose fields are collected.
func plainElement[C comparable](ctx context.Context, c *collectedFields, oc *graphql.OperationContext, fields []graphql.CollectedField, v C, nonNull bool, table *plainFields[C]) graphql.Marshaler {
	var none C
	if v == none {
		if nonNull {
			return nil
		}
		return graphql.Null
	}
	return plainObjectValue(ctx, c, oc, fields, v, table)
}
