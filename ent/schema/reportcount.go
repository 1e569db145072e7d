package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
)

// ReportCount is one count of the reports' rollup (docs/concurrency.md,
// Report rollup): how many candidates of one position (or of the whole
// company) who started on one UTC day have one property, such as an
// application from a source or a step reached. A write inserts its changes
// as delta rows (+1, -1), which take no lock; a job folds a day's rows into
// one compacted row per key. A report sums them over its days.
type ReportCount struct {
	ent.Schema
}

// Mixin of the ReportCount: ids are the database's own, as the rows are
// written by SQL (recruiting/reportrollup.go), never through ent.
func (ReportCount) Mixin() []ent.Mixin {
	return []ent.Mixin{TenantMixin{}}
}

// Fields of the ReportCount. The parts of the key not used by a metric are
// empty strings, not nulls, so the unique index of compacted rows matches
// them on both databases.
func (ReportCount) Fields() []ent.Field {
	return []ent.Field{
		// Every change is counted twice: for its position, and with no
		// position for the whole company, which is what a report over
		// every position sums (a few rows a day, however many positions).
		field.String("position_id").Comment("The candidates' position; null for the count over the whole company.").Optional().Nillable().Immutable(),
		field.Time("day").Comment("The UTC day the candidates started (their time_created), at midnight.").Immutable(),
		field.Enum("metric").Comment("What is counted.").
			Values("application", "interview", "offer", "hire", "reached", "drop_off").Immutable(),
		field.String("source").Comment("The candidates' source (application, interview, offer, hire).").Default("").Immutable(),
		field.String("step").Comment("The step's name (reached) or the name of the step a candidate dropped off in (drop_off).").Default("").Immutable(),
		field.String("kind").Comment("The lowest kind, in lower case, of the candidate's stays in the step (reached).").Default("").Immutable(),
		field.String("status").Comment("REJECTED or WITHDRAWN (drop_off).").Default("").Immutable(),
		field.String("reason_id").Comment("The rejection reason (drop_off); empty when withdrawn.").Default("").Immutable(),
		field.Int("n").Comment("The count, or its change for a delta row."),
		field.Bool("compacted").Comment("A compacted row is the sum of its key's rows of its day; the others are deltas of writes.").Default(false).Immutable(),
	}
}

// Edges of the ReportCount: the position, so that reports filter the
// counts by the positions the viewer sees (rule.FilterVisible, which also
// hides the company-wide counts from who does not see every position).
func (ReportCount) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("position", Position.Type).Ref("report_counts").Field("position_id").Unique().Immutable(),
	}
}

// Indexes of the ReportCount.
func (ReportCount) Indexes() []ent.Index {
	return []ent.Index{
		// Reports over every position read a company's metrics of a range
		// of days; reports over some positions read each one's.
		index.Fields("company_id", "metric", "day"),
		index.Fields("company_id", "position_id", "metric", "day"),
		// Compaction finds the days with deltas.
		index.Fields("company_id", "day").Annotations(entsql.IndexWhere("NOT compacted")),
	}
}

// Policy of the ReportCount: besides the tenant's, counts are read only by
// viewers who see every candidate of the positions they see; the others'
// reports are counted from the rows (rule.SeesWholePositions).
func (ReportCount) Policy() ent.Policy {
	return rule.WholePositionsOnly()
}

// Annotations of the ReportCount.
func (ReportCount) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("The reports' rollup: counts per company, position, start day and metric."), entgql.Skip()}
}
