package generated

import "io"

// writeEnum writes an ent enum as its generated MarshalGQL does,
// strconv.Quote of its value, without the string Quote allocates:
// internal/codegen puts it in the tables of plain fields, for the enums
// of ent's packages only, whose String is their value. A value that is a
// GraphQL name (letters, digits, underscores), as every enum value of the
// graph is, quotes to itself between quotes; any other is left to
// MarshalGQL.
func writeEnum[E interface {
	~string
	MarshalGQL(io.Writer)
}](w io.Writer, e E) {
	if !isName(string(e)) {
		e.MarshalGQL(w)
		return
	}
	io.WriteString(w, `"`)
	io.WriteString(w, string(e))
	io.WriteString(w, `"`)
}

func isName(s string) bool {
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}
