package codegen

import (
	"regexp"
	"strings"
)

// paramList matches a parameter list of names and types, as gqlgen writes
// a field's arguments.
var paramList = regexp.MustCompile(`\((?:[A-Za-z_]\w* [^,()]+, )*[A-Za-z_]\w* [^,()]+\)`)

// RenameAliasParams renames the later of two parameters gqlgen gives one
// name: an argument kept, deprecated, beside its new spelling (positionId
// beside positionID) gets the same Go name, and gqlgen has no setting to
// rename it. The schema declares the deprecated one last; it becomes
// <name>Deprecated, the name the hand-written resolvers use. It applies to
// the executor and to the resolver files gqlgen writes.
func RenameAliasParams(src []byte) []byte {
	return paramList.ReplaceAllFunc(src, func(list []byte) []byte {
		params := strings.Split(string(list[1:len(list)-1]), ", ")
		seen := map[string]bool{}
		for i, p := range params {
			name, typ, _ := strings.Cut(p, " ")
			if seen[name] {
				params[i] = name + "Deprecated " + typ
			}
			seen[name] = true
		}
		return []byte("(" + strings.Join(params, ", ") + ")")
	})
}
