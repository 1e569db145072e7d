package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
)

// databaseFlags say where the data lives.
type databaseFlags struct {
	DatabaseURL        string `name:"database-url" env:"HIREGRAPH_DATABASE_URL" default:"${default_database_url}" help:"Database: sqlite://PATH (embedded) or postgres://USER@HOST:5432/DB?sslmode=disable."`
	DatabaseSchema     string `name:"database-schema" env:"HIREGRAPH_DATABASE_SCHEMA" placeholder:"NAME" help:"PostgreSQL schema holding Hiregraph's tables, created if missing (default: the URL's search_path, else ${default_database_schema})."`
	SQLiteReadConns    int    `name:"sqlite-read-conns" env:"HIREGRAPH_SQLITE_READ_CONNS" help:"Read-only SQLite connections; writes always use one (default twice the cores, at least 4)."`
	PostgresConns      int    `name:"postgres-conns" env:"HIREGRAPH_POSTGRES_CONNS" default:"${default_postgres_conns}" help:"PostgreSQL connections at most: half for writes and transactions, half for plain reads."`
	AllowMaintenanceDB bool   `name:"allow-maintenance-database" env:"HIREGRAPH_ALLOW_MAINTENANCE_DATABASE" help:"Allow PostgreSQL's postgres, template0 or template1 database, which tools expect to stay empty."`
}

// storeFlags are the flags of every command that reads or writes the data:
// where it lives and the key that seals the secrets in it.
type storeFlags struct {
	databaseFlags `embed:""`

	SecretKeyFile string `name:"secret-key-file" env:"HIREGRAPH_SECRET_KEY_FILE" placeholder:"PATH" help:"File holding the 64-hex-character key that seals secrets at rest; created on a fresh database (default: hiregraph.key beside the SQLite file). HIREGRAPH_SECRET_KEY (the key itself) overrides it."`
}

// maintenanceDatabases are PostgreSQL's own databases: creating tables there
// is almost always a mistyped URL.
var maintenanceDatabases = []string{"postgres", "template0", "template1"}

// store is an open database with the sealer of its secrets.
type store struct {
	*database.DB
	Sealer *auth.Sealer
}

// open opens the database (migrating it unless opts say otherwise) and the
// key, and checks that they belong together. A command that only uses a
// server's data passes database.ExistingOnly, so it leaves no new database
// or key behind where there was none.
func (f *storeFlags) open(ctx context.Context, opts ...database.Option) (*store, error) {
	db, err := f.openDatabase(ctx, opts...)
	if err != nil {
		return nil, err
	}
	sealer, err := f.sealer(ctx, db)
	if err != nil {
		db.Close()
		return nil, err
	}
	return &store{DB: db, Sealer: sealer}, nil
}

func (f *databaseFlags) openDatabase(ctx context.Context, opts ...database.Option) (*database.DB, error) {
	if err := f.checkTarget(); err != nil {
		return nil, err
	}
	opts = append(opts, database.Schema(f.DatabaseSchema),
		database.SQLiteReadConns(f.SQLiteReadConns), database.PostgresConns(f.PostgresConns))
	db, err := database.Open(ctx, f.DatabaseURL, opts...)
	if err != nil {
		return nil, explainOpenError(redact(f.DatabaseURL), err)
	}
	return db, nil
}

// checkTarget refuses databases the URL most likely names by mistake, and
// gives the cause (in the OS's words) when an SQLite file cannot be opened:
// SQLite itself says only "unable to open database file".
func (f *databaseFlags) checkTarget() error {
	if path, ok := sqlitePath(f.DatabaseURL); ok {
		return checkSQLiteFile(path)
	}
	name := postgresDatabaseName(f.DatabaseURL)
	for _, m := range maintenanceDatabases {
		if name == m && !f.AllowMaintenanceDB {
			return fmt.Errorf("database %s is PostgreSQL's maintenance database %q; create one for Hiregraph "+
				"(createdb hiregraph) and point --database-url at it, or pass --allow-maintenance-database "+
				"(HIREGRAPH_ALLOW_MAINTENANCE_DATABASE=true) if you mean it", redact(f.DatabaseURL), name)
		}
	}
	return nil
}

func sqlitePath(rawURL string) (string, bool) {
	path, ok := strings.CutPrefix(rawURL, "sqlite://")
	return path, ok && path != ""
}

// postgresDatabaseName is the database a PostgreSQL URL connects to, by
// lib/pq's rules: the path, else dbname=, else PGDATABASE, else the user.
func postgresDatabaseName(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	if name := strings.TrimPrefix(u.Path, "/"); name != "" {
		return name
	}
	if name := u.Query().Get("dbname"); name != "" {
		return name
	}
	if name := os.Getenv("PGDATABASE"); name != "" {
		return name
	}
	if name := u.User.Username(); name != "" {
		return name
	}
	return os.Getenv("PGUSER")
}

// checkSQLiteFile opens the database file for writing, as SQLite will, so
// a failure names the path and the cause. A missing file is left to
// database.Open, which creates it or, for commands that need an existing
// database, refuses it.
func checkSQLiteFile(path string) error {
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("database sqlite://%s: the directory %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("database sqlite://%s: %w", path, err)
	case !info.IsDir():
		return fmt.Errorf("database sqlite://%s: %s is not a directory", path, dir)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("database sqlite://%s: the server reads and writes this file: %w", path, err)
	}
	return f.Close()
}

// explainOpenError names the database and, where the driver's words are
// cryptic, what they mean.
func explainOpenError(where string, err error) error {
	msg := err.Error()
	switch {
	case errors.Is(err, database.ErrMissing):
		return fmt.Errorf("database %s: %w. This command uses the database of a server, and only `hiregraph serve` "+
			"(or `hiregraph migrate`) creates one: check --database-url (HIREGRAPH_DATABASE_URL) and the directory you run it in", where, err)
	case strings.Contains(msg, "database is locked"), strings.Contains(msg, "SQLITE_BUSY"):
		return fmt.Errorf("database %s is in use: another process holds its lock (is another hiregraph running on it?): %w", where, err)
	case strings.Contains(msg, "unable to open database file"):
		return fmt.Errorf("database %s: SQLite cannot open it or its -wal/-shm files beside it; check that the directory is writable by this user: %w", where, err)
	case strings.Contains(msg, "file is not a database"):
		return fmt.Errorf("database %s: the file is not an SQLite database: %w", where, err)
	}
	return fmt.Errorf("database %s: %w", where, err)
}

// redact hides the password of a database URL, for messages and logs.
func redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme == "sqlite" {
		return rawURL
	}
	return u.Redacted()
}

// sealer loads the secret key, creating a key file only for a database that
// holds no sealed secret yet, and checks it opens what the database holds.
func (f *storeFlags) sealer(ctx context.Context, db *database.DB) (*auth.Sealer, error) {
	key, source, err := f.loadKey(ctx, db)
	if err != nil {
		return nil, err
	}
	sealer, err := auth.NewSealer(key)
	if err != nil {
		return nil, fmt.Errorf("secret key from %s: %w", source, err)
	}
	if err := auth.CheckKey(ctx, db.Client, sealer); err != nil {
		if errors.Is(err, auth.ErrWrongKey) {
			return nil, fmt.Errorf("%w: the key from %s is not the one %s was sealed with; "+
				"restore the original key (file or HIREGRAPH_SECRET_KEY), or every JWT login and partner call would fail",
				err, source, redact(f.DatabaseURL))
		}
		return nil, err
	}
	return sealer, nil
}

func (f *storeFlags) loadKey(ctx context.Context, db *database.DB) (key []byte, source string, err error) {
	if env := os.Getenv("HIREGRAPH_SECRET_KEY"); env != "" {
		key, err := auth.ParseKey(env)
		if err != nil {
			return nil, "", fmt.Errorf("HIREGRAPH_SECRET_KEY: %w", err)
		}
		return key, "HIREGRAPH_SECRET_KEY", nil
	}
	path := f.keyFile()
	key, err = auth.ReadKeyFile(path)
	if err == nil {
		return key, path, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, "", fmt.Errorf("secret key file %s: %w", path, err)
	}
	sealed, err := auth.HoldsSealedSecrets(ctx, db.Client)
	if err != nil {
		return nil, "", err
	}
	if sealed {
		return nil, "", fmt.Errorf("secret key file %s is missing, but %s holds secrets sealed with a key: "+
			"restore the file or set HIREGRAPH_SECRET_KEY; a new key would make every stored secret unreadable", path, redact(f.DatabaseURL))
	}
	key, err = auth.CreateKeyFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("secret key file %s: %w", path, err)
	}
	return key, path, nil
}

func (f *storeFlags) keyFile() string {
	if f.SecretKeyFile != "" {
		return f.SecretKeyFile
	}
	if path, ok := sqlitePath(f.DatabaseURL); ok {
		return filepath.Join(filepath.Dir(path), "hiregraph.key")
	}
	return "hiregraph.key"
}
