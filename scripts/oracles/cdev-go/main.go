// Command cdev-go validates the cdev token vectors with Go's standard library, as cdev does (see run.sh).
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type outer struct {
	P string `json:"p"`
	S string `json:"s"`
}
type payload struct {
	V         int    `json:"v,omitempty"`
	Type      string `json:"type"`
	ServerID  string `json:"server_id"`
	IssuedAt  int64  `json:"issued_at"`
	ExpiresAt int64  `json:"expires_at"`
	Nonce     string `json:"nonce"`
	Mode      string `json:"mode,omitempty"`
	AgentID   string `json:"agent_id,omitempty"`
	DeviceID  string `json:"device_id,omitempty"`
	UserID    string `json:"user_id,omitempty"`
}

func validate(tok string, secret []byte, server string, now int64, revoked map[string]bool) (*payload, string) {
	var prefix string
	for _, p := range []string{"cdev_p_", "cdev_s_", "cdev_r_"} {
		if strings.HasPrefix(tok, p) {
			prefix = p
		}
	}
	if prefix == "" || len(tok) == len(prefix) {
		return nil, "invalid-format"
	}
	body, err := base64.RawURLEncoding.DecodeString(tok[len(prefix):])
	if err != nil {
		return nil, "invalid-format"
	}
	var o outer
	if err := json.Unmarshal(body, &o); err != nil {
		return nil, "invalid-format"
	}
	pb, err := base64.RawURLEncoding.DecodeString(o.P)
	if err != nil {
		return nil, "invalid-format"
	}
	sb, err := base64.RawURLEncoding.DecodeString(o.S)
	if err != nil {
		return nil, "invalid-format"
	}
	m := hmac.New(sha256.New, secret)
	m.Write(pb)
	if !hmac.Equal(m.Sum(nil), sb) {
		return nil, "invalid-token"
	}
	var p payload
	if err := json.Unmarshal(pb, &p); err != nil {
		return nil, "invalid-format"
	}
	if p.ServerID != server {
		return nil, "invalid-token"
	}
	ok := (prefix == "cdev_p_" && p.Type == "pairing") || (prefix == "cdev_r_" && p.Type == "refresh") || (prefix == "cdev_s_" && (p.Type == "session" || p.Type == "access"))
	if !ok {
		return nil, "invalid-format"
	}
	if revoked[p.Nonce] {
		return nil, "revoked"
	}
	if now > p.ExpiresAt {
		return nil, "expired"
	}
	return &p, ""
}

func main() {
	data, _ := os.ReadFile(os.Args[1])
	var file struct {
		TestGroups []struct {
			Type  string `json:"type"`
			Tests []struct {
				ID       string                     `json:"id"`
				Input    map[string]json.RawMessage `json:"input"`
				Expected map[string]json.RawMessage `json:"expected"`
				Result   string                     `json:"result"`
				Error    *string                    `json:"error"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		panic(err)
	}
	bad := 0
	n := 0
	for _, g := range file.TestGroups {
		if g.Type != "CdevValidateTest" {
			continue
		}
		for _, t := range g.Tests {
			n++
			var tok, sec, server string
			var now int64
			var rev []string
			json.Unmarshal(t.Input["token"], &tok)
			json.Unmarshal(t.Input["secret"], &sec)
			json.Unmarshal(t.Input["serverId"], &server)
			json.Unmarshal(t.Input["now"], &now)
			if r, ok := t.Input["revokedNonces"]; ok {
				json.Unmarshal(r, &rev)
			}
			rm := map[string]bool{}
			for _, x := range rev {
				rm[x] = true
			}
			s, _ := hex.DecodeString(sec)
			p, code := validate(tok, s, server, now, rm)
			got := "accept"
			if code != "" {
				got = code
			}
			want := t.Result
			if t.Result == "invalid" {
				want = *t.Error
			}
			match := false
			if t.Result == "invalid" {
				match = got == *t.Error
			} else if code == "" {
				// compare payload
				var exp payload
				json.Unmarshal(t.Expected["payload"], &exp)
				match = exp == *p
				if !match {
					fmt.Printf("  payload differs: go %+v ref %+v\n", *p, exp)
				}
			} else {
				// An acceptable case whose expected holds a payload is one the reference accepts: Go must too.
				_, referenceAccepts := t.Expected["payload"]
				match = t.Result == "acceptable" && !referenceAccepts
			}
			if !match {
				bad++
				fmt.Printf("DIFF %s: go=%s vector=%s\n", t.ID, got, want)
			} else if t.Result == "acceptable" {
				fmt.Printf("ok   %s: go=%s (acceptable)\n", t.ID, got)
			}
		}
	}
	fmt.Printf("%d cases, %d differ\n", n, bad)
	if bad > 0 {
		os.Exit(1)
	}
}
