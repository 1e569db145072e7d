package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/filestore"
)

type backupCmd struct {
	databaseFlags `embed:""`

	FilesURL  string `name:"files-url" env:"HIREGRAPH_FILES_URL" placeholder:"URL" help:"The file store the server uses (default: as serve's)."`
	FilesOnly bool   `name:"files-only" help:"Copy only the stored files, into the directory FILE (for PostgreSQL, after pg_dump)."`

	Output string `arg:"" name:"file" help:"Where to write the copy; must not exist yet. The files go to FILE.files."`
}

// Run copies an SQLite database with VACUUM INTO (one read transaction, so
// the copy is consistent while the server goes on writing, and compact),
// then the stored files. PostgreSQL has pg_dump for its part. The database
// goes first: a file is stored before its row, so every row of the copy
// finds its file in the files copied after it (bar a file deleted between
// the two); files without rows in the copy are swept an hour after a
// restore.
func (c *backupCmd) Run(a *app) error {
	out, err := filepath.Abs(c.Output)
	if err != nil {
		return err
	}
	filesOut := out + ".files"
	if c.FilesOnly {
		filesOut = out
	}
	if _, ok := sqlitePath(c.DatabaseURL); !ok && !c.FilesOnly {
		return fmt.Errorf("backup copies SQLite databases; for PostgreSQL use pg_dump, then copy the files: pg_dump --format=custom --file=hiregraph.dump '%s' && hiregraph backup --files-only hiregraph-files-backup", redact(c.DatabaseURL))
	}
	for _, path := range []string{out, filesOut} {
		switch _, err := os.Stat(path); {
		case err == nil:
			return fmt.Errorf("backup file %s exists already; name a new file", path)
		case !errors.Is(err, os.ErrNotExist):
			return fmt.Errorf("backup file %s: %w", path, err)
		}
	}
	if !c.FilesOnly {
		if err := c.copyDatabase(a, out); err != nil {
			return err
		}
	}
	n, err := c.copyFiles(a, filesOut)
	if err != nil {
		return err
	}
	if c.FilesOnly {
		fmt.Fprintf(a.stdout, "Copied %d stored files to %s.\n", n, filesOut)
		return nil
	}
	fmt.Fprintf(a.stdout, "Copied %s to %s and its %d stored files to %s. Keep the secret key (hiregraph.key or HIREGRAPH_SECRET_KEY) with it: the copy's secrets are sealed with it.\n", c.DatabaseURL, out, n, filesOut)
	return nil
}

func (c *backupCmd) copyDatabase(a *app, out string) error {
	db, err := c.openDatabase(a.ctx, database.ExistingOnly())
	if err != nil {
		return err
	}
	defer db.Close()
	if db.Dialect != dialect.SQLite {
		return fmt.Errorf("backup copies SQLite databases only")
	}
	if _, err := db.SQL.ExecContext(a.ctx, "VACUUM INTO ?", out); err != nil {
		return fmt.Errorf("copying %s to %s: %w", c.DatabaseURL, out, err)
	}
	return nil
}

// copyFiles copies the file store into the directory dir, as a local
// store: serve --files-url file://DIR serves it after a restore.
func (c *backupCmd) copyFiles(a *app, dir string) (int, error) {
	src, err := openFileStore(c.FilesURL, c.DatabaseURL, 0)
	if err != nil {
		return 0, err
	}
	defer src.Close()
	dstURL, err := filestore.DirURL(dir)
	if err != nil {
		return 0, err
	}
	dst, err := filestore.Open(dstURL, 0)
	if err != nil {
		return 0, err
	}
	defer dst.Close()
	n, err := src.CopyTo(a.ctx, dst)
	if err != nil {
		return n, fmt.Errorf("copying the stored files to %s: %w", dir, err)
	}
	return n, nil
}
