package perparent

import (
	"database/sql/driver"
	"fmt"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
)

// In is the predicate "column is one of values", the values (string ids)
// sent as one array parameter. ent's generated eager loaders write
// IN ($1, …, $n) to load a to-one edge (a candidate's person) and a to-many
// edge loaded whole (not as a connection): a statement whose text, and so
// its plan, changes with the number of rows. ent/entc.go points those
// loaders here.
//
//	PostgreSQL: column = ANY($1::text[])
//	SQLite:     column IN (SELECT value FROM json_each(?))
//
// SQLite looks the ids up in the primary key once it has statistics (the
// service keeps them fresh, see database.KeepStatisticsFresh); before, it
// reads the tenant's index, as it did with the list of placeholders.
func In(column string, values ...driver.Value) *sql.Predicate {
	return sql.P(func(b *sql.Builder) {
		ids := make([]string, len(values))
		for i, v := range values {
			id, ok := v.(string)
			if !ok {
				b.AddError(fmt.Errorf("perparent: %s value %v is a %T, not a string id", column, v, v))
				return
			}
			ids[i] = id
		}
		arg, err := idArray(b.Dialect(), ids)
		if err != nil {
			b.AddError(err)
			return
		}
		if b.Dialect() == dialect.Postgres {
			b.WriteString(column).WriteString(" = ANY(").Arg(arg).WriteString("::text[])")
			return
		}
		b.WriteString(column).WriteString(" IN (SELECT value FROM json_each(").Arg(arg).WriteString("))")
	})
}

// IDIn is In on column of the query it modifies: the loader of a to-one
// edge calls it with the edge type's id column where ent's calls the type's
// IDIn(ids...).
func IDIn(column string, ids []string) func(*sql.Selector) {
	values := make([]driver.Value, len(ids))
	for i, id := range ids {
		values[i] = id
	}
	return func(s *sql.Selector) { s.Where(In(s.C(column), values...)) }
}
