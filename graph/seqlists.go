//go:build ignore

// Command seqlists makes the generated GraphQL server marshal lists in
// order on the calling goroutine (graph/generated/slice.go) instead of with
// gqlgen's MarshalSliceConcurrently, which starts a goroutine per element.
// gqlgen has no setting for it, so go generate runs this right after gqlgen.
package main

import (
	"bytes"
	"log"
	"os"
)

const file = "graph/generated/generated.go"

func main() {
	src, err := os.ReadFile(file)
	if err != nil {
		log.Fatal(err)
	}
	old := []byte("graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, ")
	n := bytes.Count(src, old)
	if n == 0 {
		log.Fatalf("%s: no call of %s; has gqlgen changed how it marshals lists?", file, old)
	}
	src = bytes.ReplaceAll(src, old, []byte("marshalSliceInOrder(ctx, len(v), "))
	if err := os.WriteFile(file, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
