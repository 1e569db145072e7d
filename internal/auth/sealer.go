package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Sealer encrypts secrets at rest with the operator's key (AES-256-GCM). API
// key secrets are sealed because checking an HS256 JWT needs the secret
// itself, which a hash cannot give back; evaluation partner credentials are
// sealed because the service must send them. It also signs the links the
// service hands out (offer letters), with a key derived from the operator's
// key rather than the encryption key itself.
type Sealer struct {
	aead   cipher.AEAD
	macKey []byte
	// userTokenKey signs the user tokens `hiregraph token` mints.
	userTokenKey ed25519.PrivateKey
}

// NewSealer returns a Sealer for a 32-byte key.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) != 32 {
		return nil, fmt.Errorf("secret key must be 32 bytes, got %d", len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("creating cipher: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("creating GCM: %w", err)
	}
	macKey, err := hkdf.Key(sha256.New, key, nil, "hiregraph link signing v1", 32)
	if err != nil {
		return nil, fmt.Errorf("deriving signing key: %w", err)
	}
	tokenSeed, err := hkdf.Key(sha256.New, key, nil, "hiregraph user token v1", ed25519.SeedSize)
	if err != nil {
		return nil, fmt.Errorf("deriving user token key: %w", err)
	}
	return &Sealer{aead: aead, macKey: macKey, userTokenKey: deriveUserTokenKey(tokenSeed)}, nil
}

// ParseKey decodes a 64-character hex key, the form HIREGRAPH_SECRET_KEY takes.
func ParseKey(s string) ([]byte, error) {
	key, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(key) != 32 {
		return nil, errors.New("secret key must be 64 hex characters (32 bytes)")
	}
	return key, nil
}

// ReadKeyFile reads the hex key in path. A missing file is an error
// satisfying errors.Is(err, os.ErrNotExist).
func ReadKeyFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	key, err := ParseKey(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return key, nil
}

// CreateKeyFile writes a fresh random key to path (mode 0600), creating its
// directory. It lets the embedded default run with no configuration;
// production sets HIREGRAPH_SECRET_KEY.
func CreateKeyFile(path string) ([]byte, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("generating key: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("creating key directory: %w", err)
	}
	if err := os.WriteFile(path, []byte(hex.EncodeToString(key)+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("writing key file: %w", err)
	}
	return key, nil
}

// Seal encrypts plaintext; the nonce is prepended to the result.
func (s *Sealer) Seal(plaintext []byte) ([]byte, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("generating nonce: %w", err)
	}
	return s.aead.Seal(nonce, nonce, plaintext, nil), nil
}

// Open decrypts what Seal produced.
func (s *Sealer) Open(sealed []byte) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("sealed value too short")
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], nil)
	if err != nil {
		return nil, fmt.Errorf("opening sealed value: %w", err)
	}
	return plain, nil
}

// Sign returns an HMAC-SHA256 signature of message, URL-safe base64.
func (s *Sealer) Sign(message string) string {
	return base64.RawURLEncoding.EncodeToString(s.mac(message))
}

// Verify reports whether signature is Sign(message), in constant time.
func (s *Sealer) Verify(message, signature string) bool {
	sig, err := base64.RawURLEncoding.DecodeString(signature)
	return err == nil && hmac.Equal(sig, s.mac(message))
}

// MAC returns the HMAC-SHA256 of message, raw, for formats that carry the
// signature inside their own encoding (GraphQL cursors).
func (s *Sealer) MAC(message string) []byte { return s.mac(message) }

// VerifyMAC reports whether mac is MAC(message), in constant time.
func (s *Sealer) VerifyMAC(message string, mac []byte) bool {
	return hmac.Equal(mac, s.mac(message))
}

func (s *Sealer) mac(message string) []byte {
	h := hmac.New(sha256.New, s.macKey)
	h.Write([]byte(message))
	return h.Sum(nil)
}
