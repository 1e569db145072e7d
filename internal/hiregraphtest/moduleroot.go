package hiregraphtest

import (
	"os"
	"path/filepath"
)

// ModuleRoot is the directory holding go.mod, found from the working
// directory (a test runs in its package's directory), so tests reach
// README.md, docs/ and .ci/ from any depth of the tree.
func ModuleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			panic("no go.mod above the working directory")
		}
		dir = parent
	}
}
