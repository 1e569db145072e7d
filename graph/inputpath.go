package graph

import (
	"context"
	"strings"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/hiregraph/hiregraph/graph/generated"
)

// inputFields indexes the fields of every input object of the schema by
// their comparable spelling (comparable), built once: the domain names a
// field the REST way (person.first_name, location_uid) and the graph
// answers it the way the operation's input spells it (person.firstName,
// locationID), without each resolver translating its own.
var inputFields = sync.OnceValue(func() map[string]map[string]*ast.FieldDefinition {
	out := map[string]map[string]*ast.FieldDefinition{}
	for name, def := range generated.NewExecutableSchema(generated.Config{}).Schema().Types {
		if def.Kind != ast.InputObject {
			continue
		}
		fields := map[string]*ast.FieldDefinition{}
		for _, f := range def.Fields {
			fields[comparable(f.Name)] = f
		}
		out[name] = fields
	}
	return out
})

// comparable spells a field name so that its REST and GraphQL spellings
// meet: lower case without underscores, a uid as an id.
func comparable(name string) string {
	s := strings.ToLower(strings.ReplaceAll(name, "_", ""))
	if base, ok := strings.CutSuffix(s, "uids"); ok {
		return base + "ids"
	}
	if base, ok := strings.CutSuffix(s, "uid"); ok {
		return base + "id"
	}
	return s
}

// inputPath spells field, a dotted path of the domain's (details[0].title,
// users.lead_recruiter.email), as the GraphQL input of the field being
// resolved spells it. The first segment may name an argument or a field of
// an input object argument (the path then starts inside that argument, as
// the domain's does); a segment the schema does not know, and all below
// it, are only camel-cased; the keys of a map are kept.
func inputPath(ctx context.Context, field string) string {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Field.Field == nil || fc.Field.Definition == nil || field == "" {
		return field
	}
	segments := strings.Split(field, ".")
	head, index := cutIndex(segments[0])
	var typ string
	if arg := findArgument(fc.Field.Definition.Arguments, head); arg != nil {
		segments[0], typ = arg.Name+index, arg.Type.Name()
	} else {
		for _, arg := range fc.Field.Definition.Arguments {
			if inputFields()[arg.Type.Name()][comparable(head)] != nil {
				typ = arg.Type.Name()
				break
			}
		}
		segments[0], typ = spellSegment(typ, segments[0])
	}
	for i := 1; i < len(segments); i++ {
		segments[i], typ = spellSegment(typ, segments[i])
	}
	return strings.Join(segments, ".")
}

func findArgument(args ast.ArgumentDefinitionList, name string) *ast.ArgumentDefinition {
	for _, a := range args {
		if comparable(a.Name) == comparable(name) {
			return a
		}
	}
	return nil
}

// spellSegment spells one segment as a field of the input type typ, and
// answers the type below it ("" once the schema does not know the field).
// Below a field of a scalar type, segments are the keys of a map and stay
// as they are.
func spellSegment(typ, segment string) (string, string) {
	fields, isInput := inputFields()[typ]
	if typ != "" && !isInput {
		return segment, typ // a key of a map the input holds (customFields), as sent
	}
	name, index := cutIndex(segment)
	if f := fields[comparable(name)]; f != nil {
		return f.Name + index, f.Type.Name()
	}
	return camel(name) + index, ""
}

// cutIndex splits a list index off a segment: details[0] is details, [0].
func cutIndex(segment string) (string, string) {
	if i := strings.IndexByte(segment, '['); i >= 0 {
		return segment[:i], segment[i:]
	}
	return segment, ""
}

func camel(snake string) string {
	parts := strings.Split(snake, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}
