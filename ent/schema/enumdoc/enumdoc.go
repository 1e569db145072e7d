// Package enumdoc documents the values of an ent enum field for the graph:
// a field's Comment describes the field, and entgql has no place for the
// meaning of each value, which GraphiQL users read. graph/schemadoc copies
// these into the generated schema.
package enumdoc

// Values maps each stored value of an enum field to its description.
type Values map[string]string

// Name implements the ent schema.Annotation interface.
func (Values) Name() string { return "EnumValues" }
