package schematype

import (
	"encoding/json"
	"fmt"
	"io"
)

// MarshalGQL writes the map as a JSON object, the GraphQL `StringMap` scalar.
func (m StringMap) MarshalGQL(w io.Writer) {
	if m == nil {
		m = StringMap{}
	}
	b, _ := json.Marshal(map[string]string(m))
	_, _ = w.Write(b)
}

// UnmarshalGQL accepts a JSON object whose values are all strings.
func (m *StringMap) UnmarshalGQL(v any) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("StringMap must be an object, got %T", v)
	}
	out := make(StringMap, len(obj))
	for k, val := range obj {
		s, ok := val.(string)
		if !ok {
			return fmt.Errorf("StringMap value of %q must be a string, got %T", k, val)
		}
		out[k] = s
	}
	*m = out
	return nil
}
