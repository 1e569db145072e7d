package codegen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// RewriteFiles replaces the content of each file matching pattern by what
// rewrite answers for it, leaving a file it does not change untouched.
func RewriteFiles(pattern string, rewrite func(src []byte) ([]byte, error)) error {
	files, err := filepath.Glob(pattern)
	if err != nil {
		return err
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out, err := rewrite(src)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if bytes.Equal(out, src) {
			continue
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}
