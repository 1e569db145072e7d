package rule

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/viewer"
)

// CheckEdges refuses a viewer's write that links or unlinks a record the
// viewer cannot read. The privacy rules filter the rows a mutation
// changes, not the rows at the other end of its edges: a foreign key or a
// join row written from an id (entgql's SetInput, a hand-written input's
// ...ID) would otherwise tie the viewer's record to another company's, or
// to a position outside the viewer's team. A refused id answers as an
// unknown one does, so the answer tells nothing of other tenants. System
// jobs (no viewer) link what they are told to.
func CheckEdges(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		v, ok := viewer.FromContext(ctx)
		if !ok {
			return next.Mutate(ctx, m)
		}
		// The mutation's own client, so the check reads inside its
		// transaction: a record created earlier in it counts.
		withClient, ok := m.(interface{ Client() *ent.Client })
		if !ok {
			return nil, fmt.Errorf("checking edges: %T has no client", m)
		}
		edges := m.AddedEdges()
		for _, e := range m.RemovedEdges() {
			if !slices.Contains(edges, e) {
				edges = append(edges, e)
			}
		}
		for _, edge := range edges {
			if err := checkEdge(ctx, withClient.Client(), m, edge, v); err != nil {
				return nil, err
			}
		}
		return next.Mutate(ctx, m)
	})
}

// checkEdge reads the records edge of m adds or removes in one query and
// refuses the first of them the viewer cannot read.
func checkEdge(ctx context.Context, client *ent.Client, m ent.Mutation, edge string, v viewer.Viewer) error {
	target, ok := ent.EdgeTarget(m.Type(), edge)
	if !ok {
		return fmt.Errorf("checking edges: %s has no edge %q", m.Type(), edge)
	}
	var ids []string
	for _, value := range append(m.AddedIDs(edge), m.RemovedIDs(edge)...) {
		id, ok := value.(string)
		if !ok {
			return fmt.Errorf("checking edges: %s.%s has id %v of type %T", m.Type(), edge, value, value)
		}
		// Every record's tenant edge: SetTenantOnCreate sets it to the
		// viewer's company, a query would only say so again.
		if target == "Company" && id == v.CompanyID || slices.Contains(ids, id) {
			continue
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil
	}
	visible, err := client.VisibleIDs(ctx, target, ids)
	if err != nil {
		return fmt.Errorf("checking %s.%s: %w", m.Type(), edge, err)
	}
	for _, id := range ids {
		if !slices.Contains(visible, id) {
			return apierror.NotFound(apierror.CodeNotFound, "no %s has the uid %q", words(target), id)
		}
	}
	return nil
}

// words spells a type name as it reads in a sentence: PipelineStep as
// "pipeline step", APIKey as "API key".
func words(typ string) string {
	r := []rune(typ)
	var parts []string
	start := 0
	for i := 1; i < len(r); i++ {
		if unicode.IsUpper(r[i]) && (unicode.IsLower(r[i-1]) || i+1 < len(r) && unicode.IsLower(r[i+1])) {
			parts, start = append(parts, string(r[start:i])), i
		}
	}
	parts = append(parts, string(r[start:]))
	for i, p := range parts {
		if len(p) == 1 || p != strings.ToUpper(p) {
			parts[i] = strings.ToLower(p)
		}
	}
	return strings.Join(parts, " ")
}
