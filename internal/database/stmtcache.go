package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"reflect"

	"github.com/hiregraph/hiregraph/internal/telemetry"
)

// stmtCacheSize bounds the prepared statements each connection keeps. The
// service sends a few dozen statement shapes (nested connections pass their
// parent ids as one array parameter, so their text does not vary).
const stmtCacheSize = 256

// openCached opens a pool of the registered driver whose connections keep
// their queries prepared by text: SQLite skips parsing and planning
// (modernc keeps the sqlite3_stmt), PostgreSQL (lib/pq) skips parse and,
// after a few runs, planning (named statements get generic plans). Traced
// when tracing is on. Its connections close when stats moves past the
// version they opened with (nil: never).
func openCached(driverName, dsn string, stats *statsVersion) (*sql.DB, error) {
	probe, err := sql.Open(driverName, "")
	if err != nil {
		return nil, err
	}
	d := probe.Driver()
	probe.Close()
	return telemetry.OpenDB(&cachingConnector{driver: d, dsn: dsn, stats: stats}, driverName), nil
}

type cachingConnector struct {
	driver driver.Driver
	dsn    string
	stats  *statsVersion
}

func (c *cachingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	// Read before connecting: a refresh during the connect makes the
	// connection stale, never the other way round.
	stats := c.stats.current()
	var conn driver.Conn
	var err error
	if dc, ok := c.driver.(driver.DriverContext); ok {
		connector, cerr := dc.OpenConnector(c.dsn)
		if cerr != nil {
			return nil, cerr
		}
		conn, err = connector.Connect(ctx)
	} else {
		conn, err = c.driver.Open(c.dsn)
	}
	if err != nil {
		return nil, err
	}
	q, ok := conn.(driver.QueryerContext)
	if !ok {
		return nil, fmt.Errorf("database driver %T runs no queries with a context", conn)
	}
	return &cachingConn{Conn: conn, queryer: q, stmts: map[string]*cachedStmt{}, stats: c.stats, statsSeen: stats}, nil
}

func (c *cachingConnector) Driver() driver.Driver { return c.driver }

// cachingConn runs queries through prepared statements it keeps by query
// text. database/sql uses a connection from one goroutine at a time, so the
// cache needs no lock. Exec (writes) is passed through.
type cachingConn struct {
	driver.Conn
	queryer driver.QueryerContext
	stmts   map[string]*cachedStmt
	order   []string // insertion order, for eviction
	// stats and statsSeen: see statsVersion.
	stats     *statsVersion
	statsSeen uint64
}

type cachedStmt struct {
	stmt driver.StmtQueryContext
	busy bool // its rows are open: a second use on the same connection runs unprepared
}

// QueryContext runs query through its prepared statement.
func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.prepared(ctx, query)
	if err != nil || s.busy {
		return c.queryer.QueryContext(ctx, tenantParameter(query), args)
	}
	rows, err := s.stmt.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	s.busy = true
	return &cachedRows{Rows: rows, done: func() { s.busy = false }}, nil
}

func (c *cachingConn) prepared(ctx context.Context, query string) (*cachedStmt, error) {
	if s, ok := c.stmts[query]; ok {
		return s, nil
	}
	pc, ok := c.Conn.(driver.ConnPrepareContext)
	if !ok {
		return nil, driver.ErrSkip
	}
	// Rewritten once, when prepared; the cache keeps the text as sent.
	stmt, err := pc.PrepareContext(ctx, tenantParameter(query))
	if err != nil {
		return nil, err
	}
	sq, ok := stmt.(driver.StmtQueryContext)
	if !ok {
		stmt.Close()
		return nil, driver.ErrSkip
	}
	if len(c.order) >= stmtCacheSize {
		c.evict()
	}
	s := &cachedStmt{stmt: sq}
	c.stmts[query] = s
	c.order = append(c.order, query)
	return s, nil
}

// evict closes the oldest statement that is not in use.
func (c *cachingConn) evict() {
	for i, q := range c.order {
		s := c.stmts[q]
		if s.busy {
			continue
		}
		s.stmt.(driver.Stmt).Close()
		delete(c.stmts, q)
		c.order = append(c.order[:i], c.order[i+1:]...)
		return
	}
}

// ExecContext passes writes through.
func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if e, ok := c.Conn.(driver.ExecerContext); ok {
		return e.ExecContext(ctx, query, args)
	}
	return nil, driver.ErrSkip
}

func (c *cachingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if pc, ok := c.Conn.(driver.ConnPrepareContext); ok {
		return pc.PrepareContext(ctx, query)
	}
	return c.Conn.Prepare(query)
}

func (c *cachingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if b, ok := c.Conn.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	return c.Conn.Begin() //nolint:staticcheck // drivers without BeginTx
}

// CheckNamedValue keeps the driver's own argument conversions (pq.Array,
// time formats).
func (c *cachingConn) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := c.Conn.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

// ResetSession runs before the pool hands the connection out again; a
// connection planning with outdated statistics is dropped (ErrBadConn) and
// the pool opens a new one.
func (c *cachingConn) ResetSession(ctx context.Context) error {
	if c.stats.current() != c.statsSeen {
		return driver.ErrBadConn
	}
	if r, ok := c.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *cachingConn) IsValid() bool {
	if v, ok := c.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *cachingConn) Ping(ctx context.Context) error {
	if p, ok := c.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// Close closes the kept statements, then the connection.
func (c *cachingConn) Close() error {
	for _, s := range c.stmts {
		s.stmt.(driver.Stmt).Close()
	}
	c.stmts = nil
	return c.Conn.Close()
}

// cachedRows frees its statement for the next query when closed, and passes
// column types through (ent reads them for columns it does not know).
type cachedRows struct {
	driver.Rows
	done func()
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	if r.done != nil {
		r.done()
		r.done = nil
	}
	return err
}

func (r *cachedRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}

func (r *cachedRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}
