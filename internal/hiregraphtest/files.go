package hiregraphtest

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// StoredFiles counts the files in the server's file store, so a test can
// check that every stored file has its row and none was left behind. The
// store keeps each file's attributes in a ".attrs" file beside it, which
// is not counted.
func (e *Env) StoredFiles() int {
	e.T.Helper()
	n := 0
	err := filepath.WalkDir(e.FilesDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && !strings.HasSuffix(path, ".attrs") {
			n++
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		e.T.Fatalf("listing the file store: %v", err)
	}
	return n
}
