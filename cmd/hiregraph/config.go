package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/database"
)

// storeFlags are the flags every command shares: where the data lives and
// the key that seals secrets in it.
type storeFlags struct {
	databaseURL   string
	secretKeyFile string
}

func (f *storeFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.databaseURL, "database-url", envOr("HIREGRAPH_DATABASE_URL", database.DefaultURL),
		"database URL: sqlite://PATH (embedded) or postgres://... (env HIREGRAPH_DATABASE_URL)")
	fs.StringVar(&f.secretKeyFile, "secret-key-file", envOr("HIREGRAPH_SECRET_KEY_FILE", ""),
		"file holding the 64-hex-character key that seals API key secrets; created if missing "+
			"(default: hiregraph.key beside the SQLite file). HIREGRAPH_SECRET_KEY overrides it")
}

// open opens the database and the sealer.
func (f *storeFlags) open(ctx context.Context) (*database.DB, *auth.Sealer, error) {
	key, err := f.secretKey()
	if err != nil {
		return nil, nil, err
	}
	sealer, err := auth.NewSealer(key)
	if err != nil {
		return nil, nil, err
	}
	db, err := database.Open(ctx, f.databaseURL)
	if err != nil {
		return nil, nil, err
	}
	return db, sealer, nil
}

func (f *storeFlags) secretKey() ([]byte, error) {
	if env := os.Getenv("HIREGRAPH_SECRET_KEY"); env != "" {
		return auth.ParseKey(env)
	}
	path := f.secretKeyFile
	if path == "" {
		path = "hiregraph.key"
		if file, ok := strings.CutPrefix(f.databaseURL, "sqlite://"); ok {
			path = filepath.Join(filepath.Dir(file), "hiregraph.key")
		}
	}
	key, err := auth.LoadOrCreateKeyFile(path)
	if err != nil {
		return nil, fmt.Errorf("secret key file %s: %w", path, err)
	}
	return key, nil
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}
