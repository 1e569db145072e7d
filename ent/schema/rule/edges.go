package rule

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
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
		// Only a mutation with edges asks for its client: Client() builds
		// a new one, every type's, for each call.
		if len(edges) > 0 {
			client := withClient.Client()
			for _, edge := range edges {
				if err := checkEdge(ctx, client, m, edge, v); err != nil {
					return nil, err
				}
			}
		}
		value, err := next.Mutate(ctx, m)
		if err == nil && m.Op().Is(ent.OpCreate) && v.SeesEverything() {
			rememberCreated(ctx, value)
		}
		return value, err
	})
}

// rememberCreated takes a person or candidate the viewer just created in
// the transaction as read by it, when the viewer sees everything (an API
// key acting for no one, a careers site, a user allowed every position
// and candidate): the only read rules of these two types are the
// TenantMixin's, FilterVisible lets such a viewer read every record of its
// company, and SetTenantOnCreate gave the record the viewer's company. So
// the edges later writes of the transaction add to it (a new candidate's
// person, the candidate's first stay, application and activity) need not
// read it again. Other types keep their own read rules (private notes,
// blind feedback), and a viewer who sees less may create what it cannot
// read (a candidate no one assigned it yet): both are still checked.
func rememberCreated(ctx context.Context, value ent.Value) {
	switch n := value.(type) {
	case *ent.Person:
		readIn(ctx).add([]string{n.ID})
	case *ent.Candidate:
		readIn(ctx).add([]string{n.ID})
	}
}

// checkEdge reads the records edge of m adds or removes in one query and
// refuses the first of them the viewer cannot read.
func checkEdge(ctx context.Context, client *ent.Client, m ent.Mutation, edge string, v viewer.Viewer) error {
	target, ok := ent.EdgeTarget(m.Type(), edge)
	if !ok {
		return fmt.Errorf("checking edges: %s has no edge %q", m.Type(), edge)
	}
	read := readIn(ctx)
	var ids []string
	for _, value := range append(m.AddedIDs(edge), m.RemovedIDs(edge)...) {
		id, ok := value.(string)
		if !ok {
			return fmt.Errorf("checking edges: %s.%s has id %v of type %T", m.Type(), edge, value, value)
		}
		// Every record's tenant edge: SetTenantOnCreate sets it to the
		// viewer's company, a query would only say so again.
		if target == "Company" && id == v.CompanyID || read.has(id) || slices.Contains(ids, id) {
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
	read.add(ids)
	return nil
}

// readByTx holds, per open transaction, the ids of the records its viewer
// read through the privacy rules: an operation links what it has just
// read (a candidate's step, its timeline's candidate and position), and
// reading it again would only add a query to every write.
var readByTx sync.Map // *ent.Tx → *readSet

// readSet is a set of ids; nil is the empty set that keeps nothing.
type readSet struct {
	mu  sync.Mutex
	ids map[string]bool
}

func (r *readSet) has(id string) bool {
	if r == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ids[id]
}

func (r *readSet) add(ids []string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range ids {
		r.ids[id] = true
	}
}

// readIn returns the set of ctx's transaction, or nil when reads in ctx
// say nothing of what its viewer may read: outside a transaction, without
// a viewer, or under an explicit privacy decision (a system read).
func readIn(ctx context.Context) *readSet {
	tx := ent.TxFromContext(ctx)
	_, hasViewer := viewer.FromContext(ctx)
	_, decided := privacy.DecisionFromContext(ctx)
	if tx == nil || !hasViewer || decided {
		return nil
	}
	r, loaded := readByTx.LoadOrStore(tx, &readSet{ids: map[string]bool{}})
	if !loaded {
		forget := func() { readByTx.Delete(tx) }
		tx.OnCommit(func(next ent.Committer) ent.Committer {
			return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
				defer forget()
				return next.Commit(ctx, tx)
			})
		})
		tx.OnRollback(func(next ent.Rollbacker) ent.Rollbacker {
			return ent.RollbackFunc(func(ctx context.Context, tx *ent.Tx) error {
				defer forget()
				return next.Rollback(ctx, tx)
			})
		})
	}
	return r.(*readSet)
}

// RememberReads keeps the ids of the records a transaction's viewer reads,
// for CheckEdges, and the positions of the candidates it reads: a viewer
// reads a candidate only with its position (visibleTo), so a candidate's
// activity links its position without reading it.
func RememberReads() ent.Interceptor {
	return ent.InterceptFunc(func(next ent.Querier) ent.Querier {
		return ent.QuerierFunc(func(ctx context.Context, q ent.Query) (ent.Value, error) {
			v, err := next.Query(ctx, q)
			if err == nil {
				read := readIn(ctx)
				read.add(ent.NodeIDs(v))
				read.add(positionsOf(v))
			}
			return v, err
		})
	})
}

// positionsOf returns the positions of the candidates v holds, none when
// v holds no candidates or they were read without their position.
func positionsOf(v ent.Value) []string {
	cands, _ := v.([]*ent.Candidate)
	var ids []string
	for _, c := range cands {
		if c.PositionID != "" {
			ids = append(ids, c.PositionID)
		}
	}
	return ids
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
