package openapi_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/openapi"
	"github.com/hiregraph/hiregraph/recruiting"
)

// TestEveryEventPayloadIsDocumented holds the webhook contract to the
// payload types events are written in: each object type whose events carry
// data has its Event<Type> schema, with exactly the payload's keys (those
// it always writes required), among the webhook body's choices. A payload
// type that gains a field, or a new kind of event, fails here until the
// document says so.
func TestEveryEventPayloadIsDocumented(t *testing.T) {
	var doc struct {
		Webhooks   map[string]json.RawMessage `json:"x-webhooks"`
		Components struct {
			Schemas map[string]struct {
				Required   []string                   `json:"required"`
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openapi.Document, &doc); err != nil {
		t.Fatal(err)
	}
	webhook := string(doc.Webhooks["event"])
	for objectType, payload := range recruiting.EventPayloadTypes() {
		name := "Event" + objectType
		schema, ok := doc.Components.Schemas[name]
		if !ok {
			t.Errorf("%s events carry %T, but the document has no schema %s", objectType, payload, name)
			continue
		}
		keys, required := jsonKeys(reflect.TypeOf(payload).Elem())
		documented := make([]string, 0, len(schema.Properties))
		for k := range schema.Properties {
			documented = append(documented, k)
		}
		slices.Sort(documented)
		if !slices.Equal(documented, keys) {
			t.Errorf("%s's properties are %v; %T writes %v", name, documented, payload, keys)
		}
		slices.Sort(schema.Required)
		if !slices.Equal(schema.Required, required) {
			t.Errorf("%s requires %v; %T always writes %v", name, schema.Required, payload, required)
		}
		if !strings.Contains(webhook, `"#/components/schemas/`+name+`"`) {
			t.Errorf("the webhook body's object.data does not offer %s", name)
		}
	}
}

// jsonKeys are the keys encoding/json writes for struct type t, sorted,
// and those of them it writes always (not omitempty).
func jsonKeys(t reflect.Type) (keys, required []string) {
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		name, options, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		keys = append(keys, name)
		if !strings.Contains(options, "omitempty") {
			required = append(required, name)
		}
	}
	slices.Sort(keys)
	slices.Sort(required)
	return keys, required
}
