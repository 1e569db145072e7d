// Package codegen holds what Hiregraph changes in the code ent, entgql and
// gqlgen generate: template patches and overrides for ent (Ent), a
// post-processor for gqlgen's output (PatchGqlgen) and the run-time files
// of entgql copied into ent/entgql (CopyEntgqlRuntime). Each change is a
// named function or Rewrite with a unit test; each states how many sites it
// changes and fails on any other count, so an upgrade of ent or gqlgen that
// changes the text it matches stops generation instead of silently undoing
// it. docs/architecture.md says what each one buys and when to drop it.
package codegen

import (
	"bytes"
	"fmt"
	"regexp"
)

// Rewrite replaces the literal Old by New in a generated file at exactly
// the number of sites Sites counts in the file before the rewrite.
type Rewrite struct {
	Name     string
	Old, New string
	Sites    Sites
}

// Sites is how many sites a rewrite must change in a file.
type Sites struct {
	what  string
	count func(src []byte) int
}

// Once is one site per file.
func Once() Sites {
	return Sites{what: "once", count: func([]byte) int { return 1 }}
}

// OnePer is one site per match of re, described by what ("object
// function"), such as one per function of some kind in the file.
func OnePer(what string, re *regexp.Regexp) Sites {
	return Sites{what: "one per " + what, count: func(src []byte) int { return len(re.FindAllIndex(src, -1)) }}
}

// Apply makes the rewrite in src.
func (r Rewrite) Apply(src []byte) ([]byte, error) {
	want := r.Sites.count(src)
	if got := bytes.Count(src, []byte(r.Old)); got != want || got == 0 {
		return nil, fmt.Errorf("%s: found %d sites of %q, want %d (%s); has the generator's output changed?", r.Name, got, r.Old, want, r.Sites.what)
	}
	return bytes.ReplaceAll(src, []byte(r.Old), []byte(r.New)), nil
}

// applyAll makes each of rewrites in turn.
func applyAll(src []byte, rewrites []Rewrite) ([]byte, error) {
	for _, r := range rewrites {
		var err error
		if src, err = r.Apply(src); err != nil {
			return nil, err
		}
	}
	return src, nil
}
