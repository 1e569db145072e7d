package codegen

import (
	"bytes"
	"fmt"
	"text/template/parse"
)

// replaceEachOnce makes each replacement of pairs (old, new) in the text
// of the template tree under root, and fails unless each old text occurs
// exactly once: an upgrade that moves it must not silently undo a patch.
func replaceEachOnce(name string, root parse.Node, pairs [][2]string) error {
	for _, r := range pairs {
		if n := replaceText(root, r[0], r[1]); n != 1 {
			return fmt.Errorf("%s: found %q %d times, want once; has the template changed?", name, r[0], n)
		}
	}
	return nil
}

// replaceText replaces old with repl in the text of the template tree
// under root and returns how many it replaced.
func replaceText(root parse.Node, old, repl string) int {
	n := 0
	eachList(root, func(list *parse.ListNode) {
		for _, node := range list.Nodes {
			if text, ok := node.(*parse.TextNode); ok {
				n += bytes.Count(text.Text, []byte(old))
				text.Text = bytes.ReplaceAll(text.Text, []byte(old), []byte(repl))
			}
		}
	})
	return n
}

// eachList calls f with every list of nodes in the template tree under node.
func eachList(node parse.Node, f func(*parse.ListNode)) {
	switch node := node.(type) {
	case *parse.ListNode:
		if node == nil {
			return
		}
		f(node)
		for _, c := range node.Nodes {
			eachList(c, f)
		}
	case *parse.IfNode:
		eachList(node.List, f)
		eachList(node.ElseList, f)
	case *parse.RangeNode:
		eachList(node.List, f)
		eachList(node.ElseList, f)
	case *parse.WithNode:
		eachList(node.List, f)
		eachList(node.ElseList, f)
	}
}
