package recruiting

import (
	"context"
	"fmt"
	"slices"

	"github.com/hiregraph/hiregraph/apierror"
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
		return nil, apierror.New(422, "field_not_found", "%s: the company has no %s field named %q", requestField, scopeNoun(scope), name)
	}
	return d, nil
}

// useValue records that value is used in field d: a new value of a dropdown
// becomes one of its options.
func (b *fieldBook) useValue(ctx context.Context, d *ent.FieldDefinition, value string) error {
	if d.Kind != fielddefinition.KindDropdown || value == "" || slices.Contains(d.Options, value) {
		return nil
	}
	updated, err := b.client.FieldDefinition.UpdateOne(d).AppendOptions([]string{value}).Save(ctx)
	if err != nil {
		return fmt.Errorf("adding option to %s: %w", d.Name, err)
	}
	b.byName[d.Scope][d.Name] = updated
	*d = *updated
	return nil
}

// useOption adds value to the option list of a standard position field
// (department, experience level, employment type), creating the list when
// the company has none yet.
func (b *fieldBook) useOption(ctx context.Context, scope fielddefinition.Scope, label, value string) error {
	for _, d := range b.byName[scope] {
		return b.useValue(ctx, d, value)
	}
	d, err := b.client.FieldDefinition.Create().
		SetScope(scope).SetName(label).SetKind(fielddefinition.KindDropdown).SetOptions([]string{value}).
		Save(ctx)
	if err != nil {
		return fmt.Errorf("creating %s options: %w", label, err)
	}
	b.byName[scope] = map[string]*ent.FieldDefinition{d.Name: d}
	return nil
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
