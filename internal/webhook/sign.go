// Package webhook delivers events to the endpoints companies configure, as
// River jobs in the service's own database: a delivery is enqueued in the
// transaction of its event, so an acknowledged change is delivered even if
// the process dies right after, and retried with backoff for about a day.
// Payloads are signed as Standard Webhooks (standardwebhooks.com) specifies.
package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/recruiting"
)

// Headers of a delivery, as Standard Webhooks names them.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

// Sign returns the webhook-signature header for a payload: "v1," and the
// base64 HMAC-SHA256 of "id.timestamp.body" under each secret, separated by
// spaces (two while a rotated-out secret still signs).
func Sign(secrets []string, id string, ts time.Time, body []byte) (string, error) {
	content := id + "." + strconv.FormatInt(ts.Unix(), 10) + "." + string(body)
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, recruiting.SecretPrefix))
		if err != nil {
			return "", fmt.Errorf("decoding a webhook secret: %w", err)
		}
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(content))
		sigs = append(sigs, "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	}
	return strings.Join(sigs, " "), nil
}

// Verify checks a delivery as a receiver would: one of the signatures of
// header must be body's under secret. Tests and README's example use it.
func Verify(secret, id, timestamp, header string, body []byte) bool {
	sec, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return false
	}
	want, err := Sign([]string{secret}, id, time.Unix(sec, 0), body)
	if err != nil {
		return false
	}
	for sig := range strings.FieldsSeq(header) {
		if hmac.Equal([]byte(sig), []byte(want)) {
			return true
		}
	}
	return false
}
