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
	if v := plainValue(ctx, c, oc, fields, obj, table); v != notPlain {
		return v
	}
	return nil
}

// plainValue is plainObjectValue, but answers notPlain when the fields
// are never written through plain fields, whatever obj holds.
func plainValue[T any](ctx context.Context, c *collectedFields, oc *graphql.OperationContext, fields []graphql.CollectedField, obj T, table *plainFields[T]) graphql.Marshaler {
	plan := plainPlanOf(c, oc, fields, table)
	if plan == nil {
		return notPlain
	}
	// Filled on the stack, so an object that turns out not to be plain
	// costs no allocation.
	var w plainWriter[T]
	switch ok, never := w.fill(ctx, c, oc, fields, plan, obj); {
	case never:
		return notPlain
	case !ok:
		return nil
	}
	out := new(plainWriter[T])
	*out = w
	return out
}

// notPlain is what plainValue answers, and so a child field of a table,
// for fields never written through plain fields. An object with such a
// child is not plain either, whatever its values: its plan remembers it,
// so the rows of a list after the first try the child no more.
var notPlain graphql.Marshaler = &notPlainValue{}

type notPlainValue struct{}

func (*notPlainValue) MarshalGQL(io.Writer) {
	panic("a selection that is not plain was written as plain")
}

// plainPlanOf answers how an object with fields is written through its
// plain fields, or nil when it is not.
func plainPlanOf[T any](c *collectedFields, oc *graphql.OperationContext, fields []graphql.CollectedField, table *plainFields[T]) *plainPlan[T] {
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
	p, _ := plan.(*plainPlan[T])
	return p
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
	// The values of the object and list fields, by slot: most objects
	// have one (an edge's node) or two, which fit in inline without an
	// allocation of their own; more holds the rest.
	inline [2]graphql.Marshaler
	more   []graphql.Marshaler
}

// fill makes o write obj through plan, and answers whether it can: not
// when a child cannot be written through plain fields or a non-null field
// has no value. A child whose fields are never plain makes fields never
// plain too (never), which their plan then remembers.
func (o *plainWriter[T]) fill(ctx context.Context, c *collectedFields, oc *graphql.OperationContext, fields []graphql.CollectedField, plan *plainPlan[T], obj T) (ok, never bool) {
	o.plan, o.obj = plan, obj
	for i, f := range plan.writers {
		switch {
		case f.child != nil:
			v := f.child(ctx, c, oc, fields[i], obj)
			if v == notPlain {
				c.remember(fields, false)
				return false, true
			}
			if v == nil {
				return false, false
			}
			o.setChild(f.slot, v)
		case f.null != nil && f.null(obj):
			return false, false
		}
	}
	return true, false
}

// setChild sets the value of the child in slot; slots are set in order.
func (o *plainWriter[T]) setChild(slot int, v graphql.Marshaler) {
	if slot < len(o.inline) {
		o.inline[slot] = v
		return
	}
	o.more = append(o.more, v)
}

func (o *plainWriter[T]) child(slot int) graphql.Marshaler {
	if slot < len(o.inline) {
		return o.inline[slot]
	}
	return o.more[slot-len(o.inline)]
}

func (o *plainWriter[T]) MarshalGQL(w io.Writer) {
	writers := o.plan.writers
	writeKeyed(w, o.plan.keys, func(i int) {
		if writers[i].child != nil {
			o.child(writers[i].slot).MarshalGQL(w)
			return
		}
		writers[i].write(w, o.obj)
	})
}

// plainChild is an object field's value v, of a type with implementors
// and table, written through plain fields: nil when it cannot be (a null
// non-null object is an error its own path reports), notPlain when its
// fields never are.
func plainChild[C comparable](ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, v C, nonNull bool, implementors []string, table *plainFields[C]) graphql.Marshaler {
	var none C
	if v == none {
		if nonNull {
			return nil
		}
		return graphql.Null
	}
	return plainValue(ctx, c, oc, c.of(oc, field.Selections, implementors), v, table)
}

// plainList is plainChild for a list of objects: nullable tells whether
// the list may be null, nonNull whether its elements may not. A missing
// non-null list is empty, as gqlgen writes it. Its elements' fields are
// collected and planned once for the list, and their writers allocated
// together.
func plainList[C comparable](ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, v []C, nullable, nonNull bool, implementors []string, table *plainFields[C]) graphql.Marshaler {
	if v == nil && nullable {
		return graphql.Null
	}
	fields := c.of(oc, field.Selections, implementors)
	plan := plainPlanOf(c, oc, fields, table)
	if plan == nil {
		return notPlain
	}
	out := make(graphql.Array, len(v))
	writers := make([]plainWriter[C], len(v))
	var none C
	for i := range v {
		if v[i] == none {
			if nonNull {
				return nil
			}
			out[i] = graphql.Null
			continue
		}
		switch ok, never := writers[i].fill(ctx, c, oc, fields, plan, v[i]); {
		case never:
			return notPlain
		case !ok:
			return nil
		}
		out[i] = &writers[i]
	}
	return out
}
