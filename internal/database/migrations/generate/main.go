// Command generate adds a migration after a change to ent/schema: it
// replays the committed migrations on an empty dev database of each dialect,
// compares the result with the ent schema and writes the difference as
// database/migrations/{postgres,sqlite}/VERSION_NAME.sql (and atlas.sum).
//
//	go run ./internal/database/migrations/generate NAME
//
// SQLite's dev database is in memory. PostgreSQL's is a temporary schema in
// the database at --dev-url (env HIREGRAPH_DEV_DATABASE_URL, default the
// local test database); it is dropped afterwards.
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"regexp"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	_ "github.com/lib/pq"

	"github.com/hiregraph/hiregraph/internal/database/migrations"
	"github.com/hiregraph/hiregraph/internal/database/schemadiff"
)

func main() {
	devURL := flag.String("dev-url", envOr("HIREGRAPH_DEV_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"),
		"a PostgreSQL database where a temporary schema may be created (env HIREGRAPH_DEV_DATABASE_URL)")
	rehash := flag.Bool("rehash", false, "only rewrite each atlas.sum over the files as they are: after a merge brings in migrations of two branches")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: go run ./internal/database/migrations/generate [--dev-url URL] NAME | --rehash")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *rehash {
		if err := rehashAll(); err != nil {
			fmt.Fprintln(os.Stderr, "generate:", err)
			os.Exit(1)
		}
		return
	}
	if flag.NArg() != 1 || !regexp.MustCompile(`^[a-z0-9_]+$`).MatchString(flag.Arg(0)) {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(context.Background(), *devURL, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, pgURL, name string) error {
	pgDev, cleanup, err := DevSchema(ctx, pgURL)
	if err != nil {
		return err
	}
	defer cleanup()
	for _, dia := range []string{dialect.Postgres, dialect.SQLite} {
		if err := diff(ctx, dia, pgDev, name); err != nil {
			return fmt.Errorf("%s: %w", dia, err)
		}
	}
	return nil
}

func diff(ctx context.Context, dia, pgDev, name string) error {
	path, err := migrations.SourcePath(dia)
	if err != nil {
		return err
	}
	dir, err := migrate.NewLocalDir(path)
	if err != nil {
		return fmt.Errorf("opening %s (run from the module root): %w", path, err)
	}
	err = schemadiff.Diff(ctx, dia, pgDev, dir, name)
	if errors.Is(err, schemadiff.ErrInSync) {
		fmt.Printf("%s: the migrations already match the ent schema; nothing written\n", dia)
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Printf("%s: wrote a migration to %s; review it and commit it\n", dia, path)
	return nil
}

// rehashAll rewrites the atlas.sum of each dialect's directory. Migrations
// merged from two branches are each valid, but their sums disagree.
func rehashAll() error {
	for _, dia := range []string{dialect.Postgres, dialect.SQLite} {
		path, err := migrations.SourcePath(dia)
		if err != nil {
			return err
		}
		dir, err := migrate.NewLocalDir(path)
		if err != nil {
			return fmt.Errorf("opening %s (run from the module root): %w", path, err)
		}
		sum, err := dir.Checksum()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if err := migrate.WriteSumFile(dir, sum); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

// DevSchema creates an empty schema in the PostgreSQL database at pgURL and
// returns a URL that uses it, and a function that drops it.
func DevSchema(ctx context.Context, pgURL string) (string, func(), error) {
	admin, err := sql.Open("postgres", pgURL)
	if err != nil {
		return "", nil, err
	}
	defer admin.Close()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "dev_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		return "", nil, fmt.Errorf("creating a dev schema in %s: %w", pgURL, err)
	}
	cleanup := func() {
		if admin, err := sql.Open("postgres", pgURL); err == nil {
			_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
			admin.Close()
		}
	}
	u, err := url.Parse(pgURL)
	if err != nil {
		cleanup()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), cleanup, nil
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}
