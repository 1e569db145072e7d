package hiregraph

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// CheckGeneratedEnv turns on the generated-code drift check.
const CheckGeneratedEnv = "HIREGRAPH_CHECK_GENERATED"

// TestGeneratedCodeIsInSync regenerates everything in a copy of the tree and
// fails when any file differs from the committed one: generated code must
// never drift from ent/schema, gqlgen.yml and graph/*.graphqls. It compiles
// the generators (two minutes), so it runs only when CheckGeneratedEnv is set,
// as .ci/run sets it.
func TestGeneratedCodeIsInSync(t *testing.T) {
	if os.Getenv(CheckGeneratedEnv) == "" {
		t.Skipf("regenerating takes minutes; set %s=1 to run it", CheckGeneratedEnv)
	}
	src, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	before := snapshot(t, src)
	for rel, content := range before {
		path := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "generate", "./...")
	cmd.Dir = dst
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go generate failed: %v\n%s", err, out)
	}
	after := snapshot(t, dst)
	for rel, content := range after {
		old, ok := before[rel]
		switch {
		case !ok:
			t.Errorf("go generate creates %s, which is not committed", rel)
		case !bytes.Equal(old, content):
			t.Errorf("%s differs from what go generate produces; run go generate ./... and commit", rel)
		}
	}
	for rel := range before {
		if _, ok := after[rel]; !ok {
			t.Errorf("go generate removes %s", rel)
		}
	}
}

// snapshot reads the source files of the tree at root.
func snapshot(t *testing.T, root string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && rel != "." || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !isSource(rel) {
			return nil
		}
		b, err := os.ReadFile(path)
		files[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func isSource(rel string) bool {
	switch filepath.Ext(rel) {
	case ".go", ".graphqls", ".yml", ".tmpl", ".mod", ".sum":
		return true
	}
	return false
}
