package generated

import (
	"bytes"
	"io"
	"strconv"
	"testing"
)

// quotedEnum marshals as ent's enums do.
type quotedEnum string

func (e quotedEnum) MarshalGQL(w io.Writer) { io.WriteString(w, strconv.Quote(string(e))) }

// writeEnum writes what the enum's MarshalGQL writes, names and values
// that need escaping alike.
func TestWriteEnumWritesAsMarshalGQL(t *testing.T) {
	for _, e := range []quotedEnum{"ACTIVE", "in_progress_2", "In progress", `say"hi"`, `back\slash`, "tab\there", "é", ""} {
		var want, got bytes.Buffer
		e.MarshalGQL(&want)
		writeEnum(&got, e)
		if got.String() != want.String() {
			t.Errorf("wrote %s for %q; MarshalGQL writes %s", got.String(), string(e), want.String())
		}
	}
}
