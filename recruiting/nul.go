package recruiting

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// nulField returns the JSON path of the first string in the request value v
// (a struct of pointers, slices, maps and strings) that holds a NUL
// character, or "" when none does. PostgreSQL can neither store nor compare
// text with NUL, so such input is refused before it reaches the database,
// on SQLite as well, so both behave alike.
func nulField(v any) string {
	return findNUL(reflect.ValueOf(v), "")
}

func findNUL(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return findNUL(v.Elem(), path)
		}
	case reflect.String:
		if strings.ContainsRune(v.String(), 0) {
			return path
		}
	case reflect.Struct:
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			if p := findNUL(v.Field(i), joinPath(path, name)); p != "" {
				return p
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			if p := findNUL(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			p := joinPath(path, k.String())
			if strings.ContainsRune(k.String(), 0) {
				return p
			}
			if p := findNUL(v.MapIndex(k), p); p != "" {
				return p
			}
		}
	}
	return ""
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
