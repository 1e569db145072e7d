package codegen

import (
	"regexp"
	"strings"
	"testing"
)

func TestRewriteChangesEverySiteItCounts(t *testing.T) {
	r := Rewrite{Name: "greet", Old: "hello(", New: "hi(", Sites: OnePer("call of hello", regexp.MustCompile(`hello\(`))}
	out, err := r.Apply([]byte("hello(a)\nhello(b)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(out); got != "hi(a)\nhi(b)\n" {
		t.Fatalf("rewrote to %q", got)
	}
}

func TestRewriteFailsOnAnyOtherCount(t *testing.T) {
	calls := Rewrite{Name: "greet", Old: "hello(x, ", New: "hi(", Sites: OnePer("call of hello", regexp.MustCompile(`hello\(`))}
	once := Rewrite{Name: "header", Old: "package p\n", New: "package q\n", Sites: Once()}
	for _, c := range []struct {
		r   Rewrite
		src string
	}{
		{calls, "hello(y, 1)\n"},              // no site in the rewrite's form
		{calls, "hello(x, 1)\nhello(y, 2)\n"}, // one call in another form
		{once, ""},
		{once, "package p\npackage p\n"},
	} {
		_, err := c.r.Apply([]byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.r.Name) {
			t.Errorf("%s on %q: error %v, want one naming the rewrite", c.r.Name, c.src, err)
		}
	}
}
