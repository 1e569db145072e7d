package graph

// optional reads an optional GraphQL argument, null being "".
func optional(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
