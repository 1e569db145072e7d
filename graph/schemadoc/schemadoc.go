// Package schemadoc completes the descriptions of the GraphQL schema entgql
// generates (graph/ent.graphqls), so a GraphiQL user can read what every
// type, field, argument and enum value means: type descriptions from each
// ent schema's schema.Comment, enum values from enumdoc annotations, and
// the predicates of the where inputs and the values of the order enums
// from their names. internal/codegen runs it as an entgql schema hook.
package schemadoc

import (
	"fmt"
	"strings"

	"entgo.io/ent/entc/gen"
	"github.com/vektah/gqlparser/v2/ast"
)

// Hook documents s, generated from g. It fails on a type without a
// schema.Comment or an enum value without a description, so the gap shows
// at go generate.
func Hook(g *gen.Graph, s *ast.Schema) error {
	if q := s.Types["Query"]; q != nil && q.Description == "" {
		q.Description = "Reads the company of the caller's API key: every list and node is scoped to it."
	}
	for _, t := range g.Nodes {
		def := s.Types[t.Name]
		if def == nil {
			continue // not in the graph (entgql.Skip)
		}
		if def.Description == "" {
			def.Description = comment(t.Annotations)
		}
		if def.Description == "" {
			return fmt.Errorf("schemadoc: ent type %s has no schema.Comment", t.Name)
		}
		if f := def.Fields.ForName("id"); f != nil && f.Description == "" {
			f.Description = "The global id of the " + t.Name + ": its type prefix and a ULID."
		}
		documentEdges(s, def, t)
		if err := documentEnums(s, def, t); err != nil {
			return err
		}
	}
	for _, def := range s.Types {
		switch {
		case strings.HasSuffix(def.Name, "WhereInput"):
			documentWhereInput(def)
		case strings.HasSuffix(def.Name, "OrderField") && def.Kind == ast.Enum:
			for _, v := range def.EnumValues {
				if v.Description == "" {
					v.Description = "Orders by " + strings.ToLower(strings.ReplaceAll(v.Name, "_", " ")) + "."
				}
			}
		}
	}
	return nil
}

// comment is the text of a schema.Comment annotation.
func comment(ants gen.Annotations) string {
	c, _ := ants["Comment"].(map[string]any)
	text, _ := c["Text"].(string)
	return text
}

// documentEnums describes the values of the enum fields of t.
func documentEnums(s *ast.Schema, def *ast.Definition, t *gen.Type) error {
	for _, f := range t.Fields {
		if !f.IsEnum() {
			continue
		}
		field := def.Fields.ForName(gqlName(f.Name))
		if field == nil {
			continue
		}
		enum := s.Types[field.Type.Name()]
		if enum == nil || enum.Kind != ast.Enum {
			continue
		}
		docs, _ := f.Annotations["EnumValues"].(map[string]any)
		for _, v := range enum.EnumValues {
			if v.Description == "" {
				v.Description, _ = docs[v.Name].(string)
			}
			if v.Description == "" {
				return fmt.Errorf("schemadoc: %s.%s value %s has no enumdoc.Values description", t.Name, f.Name, v.Name)
			}
		}
	}
	return nil
}

// documentEdges gives the edge fields of t, and the ids fields of its
// create input, the edge's Comment: entgql leaves connection fields bare.
func documentEdges(s *ast.Schema, def *ast.Definition, t *gen.Type) {
	create := s.Types["Create"+t.Name+"Input"]
	for _, e := range t.Edges {
		name := gqlName(e.Name)
		if f := def.Fields.ForName(name); f != nil && f.Description == "" {
			f.Description = e.Comment()
		}
		if create == nil {
			continue
		}
		for _, ids := range []string{name + "ID", strings.TrimSuffix(name, "s") + "IDs"} {
			if f := create.Fields.ForName(ids); f != nil && f.Description == "" && e.Comment() != "" {
				f.Description = e.Comment() + " (by id)"
			}
		}
	}
}

// gqlName is entgql's camelCase name of an ent field.
func gqlName(name string) string {
	parts := strings.Split(name, "_")
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}

// predicates are the suffixes entgql gives the predicates of a field, and
// what each asks of the field. Longer suffixes come first: NotIn before In.
var predicates = []struct{ suffix, means string }{
	{"ContainsFold", "contains the value, ignoring case"},
	{"EqualFold", "equals the value, ignoring case"},
	{"HasPrefix", "starts with the value"},
	{"HasSuffix", "ends with the value"},
	{"Contains", "contains the value"},
	{"NotNil", "is set"},
	{"IsNil", "is null"},
	{"NotIn", "is none of the values"},
	{"NEQ", "does not equal the value"},
	{"GTE", "is the value or after (greater)"},
	{"LTE", "is the value or before (less)"},
	{"GT", "is after (greater than) the value"},
	{"LT", "is before (less than) the value"},
	{"In", "is one of the values"},
}

// documentWhereInput describes each predicate of a where input: entgql
// describes only the first of each field's group.
func documentWhereInput(def *ast.Definition) {
	bases := map[string]bool{}
	for _, f := range def.Fields {
		bases[f.Name] = true
	}
	for _, f := range def.Fields {
		if f.Description != "" {
			continue
		}
		f.Description = describePredicate(f.Name, bases)
	}
}

func describePredicate(name string, bases map[string]bool) string {
	switch name {
	case "not":
		return "Matches what the filter inside does not match."
	case "and":
		return "Matches what every filter in the list matches."
	case "or":
		return "Matches what any filter in the list matches."
	}
	if edge, ok := strings.CutPrefix(name, "has"); ok && edge != "" {
		if e, with := strings.CutSuffix(edge, "With"); with {
			return fmt.Sprintf("Matches records with a %s that matches every filter in the list.", lowerFirst(e))
		}
		return fmt.Sprintf("true matches records with a %s, false records without.", lowerFirst(edge))
	}
	for _, p := range predicates {
		if base, ok := strings.CutSuffix(name, p.suffix); ok && bases[base] {
			return fmt.Sprintf("Matches records whose %s %s.", base, p.means)
		}
	}
	return fmt.Sprintf("Matches records whose %s equals the value.", name)
}

func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }
