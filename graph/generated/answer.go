package generated

import (
	"bytes"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
)

// maxAnswerHint caps the buffer an answer starts with, so one large answer
// (an introspection, say) does not make every small one after it allocate
// as much.
const maxAnswerHint = 64 << 10

// answerHint follows the size of recent answers to queries.
var answerHint atomic.Int64

// marshalAnswer writes a query's data; internal/codegen puts it in place of
// gqlgen's empty bytes.Buffer. Grown from gqlgen's 64 bytes, the 12 KB
// answer of candidates(first: 100) was copied through eight smaller
// buffers, 20 KB of garbage a read; sized from recent answers, it is
// usually written into one.
func marshalAnswer(data graphql.Marshaler) []byte {
	hint := answerHint.Load()
	var buf bytes.Buffer
	buf.Grow(int(hint + hint/8))
	data.MarshalGQL(&buf)
	// Halfway to the new size: the hint follows a change of traffic
	// within a few answers, and one outlier moves it only halfway.
	answerHint.Store(min((hint+int64(buf.Len()))/2, maxAnswerHint))
	return buf.Bytes()
}
