package codegen

import (
	"os"
	"path/filepath"
	"testing"
)

// ent/entgql holds whole copies of entgql's run-time files; each must be
// the pinned entgql's file under its header. After an upgrade of
// entgo.io/contrib, go generate ./... copies the new files.
func TestEntgqlRuntimeCopiesMatchThePinnedModule(t *testing.T) {
	contrib, err := ModuleDir("entgo.io/contrib")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range EntgqlRuntimeFiles {
		upstream, err := os.ReadFile(filepath.Join(contrib, "entgql", name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := EntgqlRuntimeCopy(name, upstream)
		if err != nil {
			t.Fatal(err)
		}
		copied, err := os.ReadFile(filepath.Join("..", "..", "ent", "entgql", name))
		if err != nil {
			t.Fatal(err)
		}
		if diff := firstDifference(want, copied); diff != "" {
			t.Errorf("ent/entgql/%s has drifted from %s; run go generate ./...:\n%s", name, filepath.Join(contrib, "entgql", name), diff)
		}
	}
}

func TestPointAtEntgqlRuntime(t *testing.T) {
	in := "package ent\n\nimport (\n\t\"context\"\n\n\t\"entgo.io/contrib/entgql\"\n)\n\nvar _ = entgql.OrderDirectionAsc\nvar _ context.Context\n"
	want := "package ent\n\nimport (\n\t\"context\"\n\n\t\"github.com/hiregraph/hiregraph/ent/entgql\"\n)\n\nvar _ = entgql.OrderDirectionAsc\nvar _ context.Context\n"
	got, err := PointAtEntgqlRuntime([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
