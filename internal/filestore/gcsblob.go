//go:build gcs

package filestore

// The Google Cloud Storage driver (gs://). It pulls in Google's client
// libraries (about 470 MB of modules), so only builds with -tags gcs have it.
import _ "gocloud.dev/blob/gcsblob"
