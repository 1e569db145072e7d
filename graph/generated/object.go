package generated

import (
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// objectValue is what a marshalled object returns in place of its field
// set out (internal/codegen). Without @defer it is an object, which writes
// the same JSON as gqlgen's FieldSet.MarshalGQL without what that method
// allocates for every object it writes: a map of the names written and a
// copy of each field. With @defer the field set stays, as its values are
// shared with the deferred payloads.
func objectValue(out *graphql.FieldSet, fields []graphql.CollectedField, deferred graphql.DeferredGroup) graphql.Marshaler {
	if len(deferred.Defers) > 0 {
		return out
	}
	return &object{fields: fields, values: out.Values}
}

// object is a resolved object: its fields and their values, in order.
type object struct {
	fields []graphql.CollectedField
	values []graphql.Marshaler
}

func (o *object) MarshalGQL(w io.Writer) {
	writeObject(w, o.fields, func(i int) { o.values[i].MarshalGQL(w) })
}

// writeObject writes an object of fields, each value written by value(i),
// as FieldSet.MarshalGQL does.
func writeObject(w io.Writer, fields []graphql.CollectedField, value func(i int)) {
	io.WriteString(w, "{")
	for i := range fields {
		// A name is written once, as FieldSet.MarshalGQL does.
		if i > 0 && written(fields[:i], fields[i].Alias) {
			continue
		}
		if i > 0 {
			io.WriteString(w, ",")
		}
		// A GraphQL name ([_A-Za-z][_0-9A-Za-z]*) needs no escaping.
		io.WriteString(w, `"`)
		io.WriteString(w, fields[i].Alias)
		io.WriteString(w, `":`)
		value(i)
	}
	io.WriteString(w, "}")
}

// objectKeys answers what writeKeyed writes before each field's value, as
// writeObject writes it: the object's opening brace with the first field's
// name, a comma with each next one's, and nothing for a name written
// already, whose field is skipped. An object written many times (a list's
// rows) writes each key in one piece.
func objectKeys(fields []graphql.CollectedField) []string {
	keys := make([]string, len(fields))
	for i := range fields {
		switch {
		case i == 0:
			keys[i] = `{"` + fields[i].Alias + `":`
		case !written(fields[:i], fields[i].Alias):
			keys[i] = `,"` + fields[i].Alias + `":`
		}
	}
	return keys
}

// writeKeyed writes an object whose keys objectKeys made, each value
// written by value(i).
func writeKeyed(w io.Writer, keys []string, value func(i int)) {
	if len(keys) == 0 {
		io.WriteString(w, "{}")
		return
	}
	for i, key := range keys {
		if key == "" {
			continue
		}
		io.WriteString(w, key)
		value(i)
	}
	io.WriteString(w, "}")
}

// written tells whether one of fields has alias.
func written(fields []graphql.CollectedField, alias string) bool {
	for i := range fields {
		if fields[i].Alias == alias {
			return true
		}
	}
	return false
}
