package recruiting

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
)

// fieldBook is the company's field definitions, loaded once per request,
// with the options that the request adds. Dropdown values a request uses
// that are not options yet become options (spec 4.1).
type fieldBook struct {
	client *ent.Client
	byName map[fielddefinition.Scope]map[string]*ent.FieldDefinition
}

func loadFieldBook(ctx context.Context, client *ent.Client) (*fieldBook, error) {
	defs, err := client.FieldDefinition.Query().All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading field definitions: %w", err)
	}
	b := &fieldBook{client: client, byName: map[fielddefinition.Scope]map[string]*ent.FieldDefinition{}}
	for _, d := range defs {
		if b.byName[d.Scope] == nil {
			b.byName[d.Scope] = map[string]*ent.FieldDefinition{}
		}
		b.byName[d.Scope][d.Name] = d
	}
	return b, nil
}

// field returns the definition named name in scope, or a 422 naming the
// request field when the company has none.
func (b *fieldBook) field(scope fielddefinition.Scope, name, requestField string) (*ent.FieldDefinition, error) {
	d := b.byName[scope][name]
	if d == nil {
		return nil, invalidRef("field_not_found", requestField, "%s: the company has no %s field named %q", requestField, scopeNoun(scope), name)
	}
	return d, nil
}

// useValue records that value is used in field d and returns the spelling
// to store. A dropdown value that matches an option but for case or
// surrounding spaces takes the option's spelling, so "engineering" does not
// end up beside "Engineering"; a new one becomes an option (spec 4.1).
func (b *fieldBook) useValue(ctx context.Context, d *ent.FieldDefinition, value string) (string, error) {
	if d.Kind != fielddefinition.KindDropdown {
		return value, nil
	}
	value = strings.TrimSpace(value)
	if value == "" {
		return "", nil
	}
	if i := slices.IndexFunc(d.Options, func(o string) bool { return strings.EqualFold(o, value) }); i >= 0 {
		return d.Options[i], nil
	}
	updated, err := b.client.FieldDefinition.UpdateOne(d).AppendOptions([]string{value}).Save(ctx)
	if err != nil {
		return "", fmt.Errorf("adding option to %s: %w", d.Name, err)
	}
	b.byName[d.Scope][d.Name] = updated
	*d = *updated
	return value, nil
}

// useOption is useValue for a standard position field (department,
// experience level, employment type), whose option list the company may not
// have yet: then it is created, named label.
func (b *fieldBook) useOption(ctx context.Context, scope fielddefinition.Scope, label, value string) (string, error) {
	if names := slices.Sorted(maps.Keys(b.byName[scope])); len(names) > 0 {
		return b.useValue(ctx, b.byName[scope][names[0]], value)
	}
	value = strings.TrimSpace(value)
	if value == "" {
		return "", nil
	}
	d, err := b.client.FieldDefinition.Create().
		SetScope(scope).SetName(label).SetKind(fielddefinition.KindDropdown).SetOptions([]string{value}).
		Save(ctx)
	if err != nil {
		return "", fmt.Errorf("creating %s options: %w", label, err)
	}
	b.byName[scope] = map[string]*ent.FieldDefinition{d.Name: d}
	return value, nil
}

func scopeNoun(scope fielddefinition.Scope) string {
	switch scope {
	case fielddefinition.ScopeCategory:
		return "category"
	case fielddefinition.ScopeDetail:
		return "detail"
	case fielddefinition.ScopeOpeningCustomField:
		return "opening custom"
	}
	return string(scope)
}
